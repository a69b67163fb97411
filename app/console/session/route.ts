import { consoleClient, settle } from "@/lib/integrator/console/console-client";
import {
  CONSOLE_COOKIE,
  CONSOLE_SESSION_SECONDS,
  createConsoleSession,
  overHttps,
} from "@/lib/integrator/console/console-session";
import { back } from "@/lib/integrator/http/route";
import { sameOrigin } from "@/lib/integrator/http/same-origin";
import { NextResponse } from "next/server";

/** Sign in: the credentials are checked against the service (GET /config over HTTP) before the cookie is set. */
export async function POST(req: Request) {
  if (!sameOrigin(req)) return new NextResponse("cross-origin form post refused", { status: 403 });
  const form = await req.formData();
  const session = {
    clientId: String(form.get("clientId") ?? "").trim(),
    clientSecret: String(form.get("clientSecret") ?? "").trim(),
  };
  const check = await settle((await consoleClient(session)).getConfig());
  if (!check.ok) return back(req, "/console/login", "Those platform credentials were not accepted");
  const res = back(req, "/console");
  // The cookie holds a random token only; the credentials stay on the server (lib/integrator/console/console-session.ts).
  res.cookies.set(CONSOLE_COOKIE, await createConsoleSession(session), {
    httpOnly: true,
    sameSite: "strict",
    secure: overHttps(req),
    path: "/console",
    maxAge: CONSOLE_SESSION_SECONDS,
  });
  return res;
}
