import { invalidInput } from "@/lib/server/core/validation";
import { ApiError } from "@/lib/server/core/errors";
import { makeExportBundle } from "@/lib/shared/crypto/web/export-bundle";
import { uncompressPublicKey } from "@/lib/shared/crypto/web/p256";
import { formatId } from "@/lib/shared/ids";
import { getEnclaveSigningKey } from "@/lib/server/keys/enclave-key";
import { redeemCardReveal } from "./reveal-card";

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
const NO_STORE = { "cache-control": "no-store", "referrer-policy": "no-referrer", "x-content-type-options": "nosniff" };

/**
 * The reveal page: number, CVV and expiry, once. Never cached, and framed only by the platform's
 * origins (its configured webauthn origins), so another site cannot embed it. With `?clientPublicKey=<P-256 hex>`
 * the same single use answers JSON `{encryptedCardDetails}` instead: the details sealed to that key in the
 * wallet export's bundle format (docs/protocol.md "Cards"), so a partner's backend can relay them to a browser
 * that alone can open them.
 */
export async function cardRevealPage(token: string, clientPublicKey: string | null = null): Promise<Response> {
  if (clientPublicKey !== null) return sealedReveal(token, clientPublicKey);
  const headers: Record<string, string> = { ...NO_STORE, "content-type": "text/html; charset=utf-8" };
  try {
    if (!TOKEN_RE.test(token)) throw new ApiError("CARD_REVEAL_NOT_FOUND", "Card reveal link was not found");
    const c = await redeemCardReveal(token);
    headers["content-security-policy"] =
      `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors ${c.origins.join(" ") || "'none'"}`;
    const pan = c.pan.replace(/(\d{4})(?=\d)/g, "$1 ");
    const exp = `${String(c.expMonth).padStart(2, "0")}/${String(c.expYear).slice(-2)}`;
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>Card details</title><style>body{font-family:monospace;margin:1rem}</style></head><body><div id="pan">${pan}</div><div>EXP <span id="exp">${exp}</span> CVV <span id="cvv">${c.cvv}</span></div></body></html>`;
    return new Response(html, { status: 200, headers });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    headers["content-security-policy"] = "default-src 'none'; frame-ancestors 'none'";
    return new Response(
      "<!doctype html><title>Link expired</title><p>This card details link has expired or was already used.</p>",
      { status: 404, headers },
    );
  }
}

async function sealedReveal(token: string, clientPublicKey: string): Promise<Response> {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { ...NO_STORE, "content-type": "application/json" } });
  let recipient: string;
  try {
    // Checked before the token is spent: a malformed key does not use up the link.
    recipient = uncompressPublicKey(clientPublicKey);
  } catch {
    const e = invalidInput(
      [{ field: "clientPublicKey", message: "Not a P-256 public key in hex" }],
      "clientPublicKey: not a P-256 public key in hex",
    );
    return json(e.status, e.toBody());
  }
  try {
    if (!TOKEN_RE.test(token)) throw new ApiError("CARD_REVEAL_NOT_FOUND", "Card reveal link was not found");
    const c = await redeemCardReveal(token);
    const enclave = await getEnclaveSigningKey();
    const encryptedCardDetails = await makeExportBundle({
      plaintext: JSON.stringify({ pan: c.pan, cvv: c.cvv, expMonth: c.expMonth, expYear: c.expYear }),
      clientPublicKeyHex: recipient,
      organizationId: formatId("Platform", c.platformId),
      signingPrivateKeyHex: enclave.privateKeyHex,
    });
    return json(200, { encryptedCardDetails });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return json(e.status, e.toBody());
  }
}
