import {
  CONSOLE_COOKIE,
  consoleCookieToken,
  overHttps,
  revokeConsoleSession,
} from "@/lib/integrator/console/console-session";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { back } from "@/lib/integrator/http/route";
import { sameOrigin } from "@/lib/integrator/http/same-origin";
import { NextResponse } from "next/server";

/** Sign out: a cross-site post is refused; the session is deleted on the server, then the cookie cleared. */
export async function POST(req: Request) {
  if (!sameOrigin(req)) return new NextResponse("cross-origin form post refused", { status: 403 });
  await revokeConsoleSession(consoleCookieToken(req));
  const { t } = await consoleIntl();
  const res = back(req, "/console/login", t("login.signedOut"));
  res.cookies.set(CONSOLE_COOKIE, "", {
    httpOnly: true,
    sameSite: "strict",
    secure: overHttps(),
    path: "/console",
    maxAge: 0,
  });
  return res;
}
