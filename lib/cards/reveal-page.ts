import { ApiError } from "@/lib/api-core/errors";
import { redeemCardReveal } from "./reveal-card";

/**
 * The reveal page: number, CVV and expiry, once. Never cached, and framed only by the platform's
 * origins (its configured webauthn origins), so another site cannot embed it.
 */
export async function cardRevealPage(token: string): Promise<Response> {
  const headers: Record<string, string> = {
    "cache-control": "no-store",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "content-type": "text/html; charset=utf-8",
  };
  try {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new ApiError("CARD_REVEAL_NOT_FOUND", "Card reveal link was not found");
    const c = await redeemCardReveal(token);
    headers["content-security-policy"] = `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors ${c.origins.join(" ") || "'none'"}`;
    const pan = c.pan.replace(/(\d{4})(?=\d)/g, "$1 ");
    const exp = `${String(c.expMonth).padStart(2, "0")}/${String(c.expYear).slice(-2)}`;
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>Card details</title><style>body{font-family:monospace;margin:1rem}</style></head><body><div id="pan">${pan}</div><div>EXP <span id="exp">${exp}</span> CVV <span id="cvv">${c.cvv}</span></div></body></html>`;
    return new Response(html, { status: 200, headers });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    headers["content-security-policy"] = "default-src 'none'; frame-ancestors 'none'";
    return new Response("<!doctype html><title>Link expired</title><p>This card details link has expired or was already used.</p>", { status: 404, headers });
  }
}
