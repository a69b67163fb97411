import { NextResponse } from "next/server";
import { CONSOLE_COOKIE, sealSession } from "@/lib/integrator/console/console-session";
import { back } from "@/lib/integrator/http/route";
import { sameOrigin } from "@/lib/integrator/http/same-origin";

/** Sign in: the credentials are checked against the service (GET /config over HTTP) before the cookie is set. */
export async function POST(req: Request) {
  if (!sameOrigin(req)) return new NextResponse("cross-origin form post refused", { status: 403 });
  const form = await req.formData();
  const clientId = String(form.get("clientId") ?? "").trim();
  const clientSecret = String(form.get("clientSecret") ?? "").trim();
  const host = req.headers.get("host");
  const base = process.env.SERVICE_BASE_URL?.replace(/\/+$/, "") ?? `http://${host}/api/2025-10-13`;
  const check = await fetch(`${base}/config`, {
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}` },
    cache: "no-store",
  });
  if (check.status !== 200) return back(req, "/console/login", "Those platform credentials were not accepted");
  const res = back(req, "/console");
  res.cookies.set(CONSOLE_COOKIE, sealSession({ clientId, clientSecret }), {
    httpOnly: true,
    sameSite: "strict",
    secure: new URL(req.url).protocol === "https:",
    path: "/console",
    maxAge: 8 * 3600,
  });
  return res;
}
