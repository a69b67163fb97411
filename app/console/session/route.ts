import { consoleClient, settle } from "@/lib/integrator/console/console-client";
import {
  CONSOLE_COOKIE,
  CONSOLE_SESSION_SECONDS,
  createConsoleSession,
  overHttps,
} from "@/lib/integrator/console/console-session";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { returnTo } from "@/lib/integrator/console/return-to";
import { releaseSignIn, reserveSignIn } from "@/lib/integrator/console/sign-in-throttle";
import { clientAddress } from "@/lib/integrator/http/client-address";
import { back } from "@/lib/integrator/http/route";
import { sameOrigin } from "@/lib/integrator/http/same-origin";
import { NextResponse } from "next/server";

/**
 * Sign in: the credentials are checked against the service (GET /config over HTTP) before the cookie is set;
 * then on to the page that was asked for (`returnTo`, a console path), else the overview. Failures are counted per
 * browser first (sign-in-throttle.ts), so that one browser's flood never spends the service's count for this server.
 */
export async function POST(req: Request) {
  if (!sameOrigin(req)) return new NextResponse("cross-origin form post refused", { status: 403 });
  const form = await req.formData();
  const session = {
    clientId: String(form.get("clientId") ?? "").trim(),
    clientSecret: String(form.get("clientSecret") ?? "").trim(),
  };
  const next = returnTo(form, "/console");
  const again = next === "/console" ? "/console/login" : `/console/login?next=${encodeURIComponent(next)}`;
  const browser = clientAddress(req);
  if (!(await reserveSignIn(browser, session.clientId))) {
    const { t } = await consoleIntl();
    return back(req, again, t("login.throttled"));
  }
  const check = await settle((await consoleClient(session, browser)).getConfig());
  if (!check.ok) {
    const { t } = await consoleIntl();
    return back(req, again, t(check.error.status === 429 ? "login.throttled" : "login.rejected"));
  }
  await releaseSignIn(browser, session.clientId);
  const res = back(req, next);
  // The cookie holds a random token only; the credentials stay on the server (lib/integrator/console/console-session.ts).
  res.cookies.set(CONSOLE_COOKIE, await createConsoleSession(session), {
    httpOnly: true,
    sameSite: "strict",
    secure: overHttps(),
    path: "/console",
    maxAge: CONSOLE_SESSION_SECONDS,
  });
  return res;
}
