import { CONSOLE_COOKIE } from "@/lib/integrator/console/console-session";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { back } from "@/lib/integrator/http/route";

export async function POST(req: Request) {
  const { t } = await consoleIntl();
  const res = back(req, "/console/login", t("login.signedOut"));
  res.cookies.set(CONSOLE_COOKIE, "", { path: "/console", maxAge: 0 });
  return res;
}
