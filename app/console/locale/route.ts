import { back } from "@/lib/integrator/http/route";
import { isConsoleLocale, LOCALE_COOKIE } from "@/lib/integrator/console/i18n";
import { returnTo } from "@/lib/integrator/console/return-to";
import { sameOrigin } from "@/lib/integrator/http/same-origin";
import { NextResponse } from "next/server";

/** The language menu: remembers the operator's choice for a year and goes back to the page it came from. */
export async function POST(req: Request) {
  if (!sameOrigin(req)) return new NextResponse("cross-origin form post refused", { status: 403 });
  const form = await req.formData();
  const locale = String(form.get("locale") ?? "");
  const res = back(req, returnTo(form, "/console"));
  if (isConsoleLocale(locale))
    res.cookies.set(LOCALE_COOKIE, locale, { sameSite: "lax", path: "/console", maxAge: 365 * 86400 });
  return res;
}
