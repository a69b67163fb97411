import { CONSOLE_COOKIE } from "@/lib/console/console-session";
import { back } from "@/lib/console/console-form";

export async function POST(req: Request) {
  const res = back(req, "/console/login", "Signed out");
  res.cookies.set(CONSOLE_COOKIE, "", { path: "/console", maxAge: 0 });
  return res;
}
