import { NextResponse } from "next/server";
import type { AuthSession } from "@/lib/sdk/types";
import { integratorRoute, relay } from "@/lib/integrator/http/route";
import { callService } from "@/lib/integrator/backend/service";
import { sessionsWithDevices } from "@/lib/integrator/backend/session-devices";

/**
 * The wallet's active sessions with the device behind each. `?current=<session id>`: this browser holds that
 * session (recorded as its device, last seen now). The page polls this to notice a revoke made elsewhere.
 */
export const GET = integratorRoute(async ({ req, user }) => {
  const r = await callService<{ data: AuthSession[] }>("GET", "/auth/sessions", {
    query: { accountId: user.accountId },
  });
  if (r.status !== 200) return relay(r);
  const current = new URL(req.url).searchParams.get("current");
  const data = await sessionsWithDevices(user, r.body.data, current, req.headers.get("user-agent") ?? "");
  return NextResponse.json({ data }, { headers: { "cache-control": "no-store" } });
});
