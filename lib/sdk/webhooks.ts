/**
 * Receiver-side verification of the service's webhooks (protocol.md "Webhooks"). Imports no server
 * code: only the isomorphic crypto core (lib/shared/crypto/web), so it runs in any receiver.
 *
 *   const event = verifyWebhook({ rawBody, signatureHeader: req.headers.get("Service-Webhook-Signature"), publicKeyPem });
 *
 * `publicKeyPem` is `webhookPublicKey` from GET {base_url}/config. Pass the raw body text exactly as
 * received (before any JSON parsing).
 */
import { bytesToHex, utf8Encode, verifyDerHex } from "@/lib/shared/crypto/web";
import type { webhooks } from "./generated/openapi";

const WEBHOOK_SIGNATURE_HEADER = "Service-Webhook-Signature";

/** The event types the service sends: its event catalogue, through the OpenAPI document's `webhooks`. */
type WebhookEventType = keyof webhooks;

/** The envelope of one event type, `data` typed by the catalogue's schema of that type. */
type WebhookEnvelope<K extends WebhookEventType = WebhookEventType> = {
  [T in K]: webhooks[T]["post"]["requestBody"]["content"]["application/json"];
}[K];

/** Any event the service sends: a union on `type`, so `switch (event.type)` narrows `data`. */
export type WebhookEvent = WebhookEnvelope;

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

// DER prefix of a P-256 SubjectPublicKeyInfo (id-ecPublicKey, prime256v1) with an uncompressed point.
const P256_SPKI_PREFIX = "3059301306072a8648ce3d020106082a8648ce3d030107034200";

function b64decode(s: string): Uint8Array {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

const hex = bytesToHex;

/** The uncompressed SEC1 point inside a P-256 SPKI PEM. */
function publicKeyFromPem(pem: string): Uint8Array {
  const m = /-----BEGIN PUBLIC KEY-----([\s\S]+?)-----END PUBLIC KEY-----/.exec(pem);
  if (!m) throw new WebhookVerificationError("Expected a PEM 'PUBLIC KEY' (SPKI) block");
  const der = b64decode(m[1].replace(/\s+/g, ""));
  if (der.length !== 91 || !hex(der.subarray(0, 26)).startsWith(P256_SPKI_PREFIX)) {
    throw new WebhookVerificationError(`Expected a 91-byte P-256 SPKI public key, received ${der.length} bytes`);
  }
  return der.subarray(26);
}

/** Parse `t=<unix seconds>,v1=<base64 DER>`. */
function parseSignatureHeader(header: string): { t: number; signatures: Uint8Array[] } {
  let t: number | undefined;
  const signatures: Uint8Array[] = [];
  for (const part of header.split(",")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    const k = part.slice(0, i).trim();
    const v = part.slice(i + 1).trim();
    if (k === "t" && /^\d{1,12}$/.test(v)) t = Number(v);
    else if (k === "v1") {
      try {
        signatures.push(b64decode(v));
      } catch {
        throw new WebhookVerificationError("v1 is not base64");
      }
    }
  }
  if (t === undefined) throw new WebhookVerificationError("Signature header has no t=<unix seconds>");
  if (signatures.length === 0) throw new WebhookVerificationError("Signature header has no v1=<signature>");
  return { t, signatures };
}

/**
 * Verify the signature and the timestamp (default tolerance 5 minutes, protocol.md), then parse the
 * envelope. Throws WebhookVerificationError on any failure. De-duplicate on the returned `id`
 * (answer 409 for an id already processed: the service will not retry it). The event is typed by the service's
 * event catalogue; its data is what the signed body says (the signature, not a parse, vouches for it).
 */
export function verifyWebhook(input: {
  rawBody: string;
  signatureHeader: string | null | undefined;
  publicKeyPem: string;
  toleranceSeconds?: number;
  nowSeconds?: number;
}): WebhookEvent {
  if (!input.signatureHeader) throw new WebhookVerificationError(`Missing ${WEBHOOK_SIGNATURE_HEADER} header`);
  const { t, signatures } = parseSignatureHeader(input.signatureHeader);
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  const tolerance = input.toleranceSeconds ?? 300;
  if (Math.abs(now - t) > tolerance) {
    throw new WebhookVerificationError(`Timestamp ${t} is outside the ${tolerance} s tolerance (now ${now})`);
  }
  const publicKeyHex = bytesToHex(publicKeyFromPem(input.publicKeyPem));
  const message = utf8Encode(`${t}.${input.rawBody}`);
  // DER, high-S accepted (protocol.md "Encodings"); verifyDerHex hashes with SHA-256 once.
  const ok = signatures.some((sig) => {
    try {
      return verifyDerHex(publicKeyHex, bytesToHex(sig), message);
    } catch {
      return false;
    }
  });
  if (!ok) throw new WebhookVerificationError("Signature does not verify with the given public key");
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.rawBody);
  } catch {
    throw new WebhookVerificationError("Body is not JSON");
  }
  const env = parsed as WebhookEvent;
  if (!env || typeof env.id !== "string" || typeof env.type !== "string") {
    throw new WebhookVerificationError("Body is not a webhook envelope {id, type, timestamp, data}");
  }
  return env;
}
