import { CONSOLE_COOKIE } from "@/lib/integrator/console/console-session";
import { back } from "@/lib/integrator/http/route";

export async function POST(req: Request) {
  const res = back(req, "/console/login", "Signed out");
  res.cookies.set(CONSOLE_COOKIE, "", { path: "/console", maxAge: 0 });
  return res;
}
