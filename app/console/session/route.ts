import { consoleClient, settle } from "@/lib/integrator/console/console-client";
import {
  CONSOLE_COOKIE,
  CONSOLE_SESSION_SECONDS,
  createConsoleSession,
  overHttps,
} from "@/lib/integrator/console/console-session";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { returnTo } from "@/lib/integrator/console/return-to";
import { back } from "@/lib/integrator/http/route";
import { sameOrigin } from "@/lib/integrator/http/same-origin";
import { NextResponse } from "next/server";

/**
 * Sign in: the credentials are checked against the service (GET /config over HTTP) before the cookie is set;
 * then on to the page that was asked for (`returnTo`, a console path), else the overview.
 */
export async function POST(req: Request) {
  if (!sameOrigin(req)) return new NextResponse("cross-origin form post refused", { status: 403 });
  const form = await req.formData();
  const session = {
    clientId: String(form.get("clientId") ?? "").trim(),
    clientSecret: String(form.get("clientSecret") ?? "").trim(),
  };
  const next = returnTo(form, "/console");
  const check = await settle((await consoleClient(session)).getConfig());
  if (!check.ok) {
    const { t } = await consoleIntl();
    const again = next === "/console" ? "/console/login" : `/console/login?next=${encodeURIComponent(next)}`;
    return back(req, again, t("login.rejected"));
  }
  const res = back(req, next);
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
