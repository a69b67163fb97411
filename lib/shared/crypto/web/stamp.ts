import { base64urlDecode, base64urlEncode, utf8Decode, utf8Encode } from "./encoding";
import { isDerSignatureHex, normalizePublicKeyHex, publicKeyFromPrivate, signDerHex, verifyDerHex } from "./p256";

/**
 * The `Service-Wallet-Signature` header (protocol.md "a stamp"): base64url (no padding) of UTF-8
 * JSON `{"publicKey":<compressed hex>,"scheme":"SIGNATURE_SCHEME_TK_API_P256","signature":<DER hex>}`,
 * the signature covering the UTF-8 bytes of `payloadToSign` exactly as received.
 */
export const STAMP_SCHEME = "SIGNATURE_SCHEME_TK_API_P256";

export interface Stamp {
  /** Compressed lowercase hex (normalized on parse). */
  publicKey: string;
  scheme: typeof STAMP_SCHEME;
  /** DER lowercase hex. */
  signature: string;
}

export type StampMalformedReason =
  | "TOO_LONG"
  | "NOT_BASE64URL"
  | "NOT_JSON"
  | "NOT_AN_OBJECT"
  | "MEMBERS"
  | "UNKNOWN_SCHEME"
  | "BAD_PUBLIC_KEY"
  | "BAD_SIGNATURE";

/** Thrown by parseStamp; `reason` names the failed check (maps to 401 WALLET_SIGNATURE_MALFORMED). */
export class StampMalformedError extends Error {
  readonly reason: StampMalformedReason;
  constructor(reason: StampMalformedReason, message: string) {
    super(message);
    this.name = "StampMalformedError";
    this.reason = reason;
  }
}

/** Far above any real stamp (~300 characters); bounds the work done on hostile headers. */
const MAX_STAMP_LENGTH = 2048;

/** Member order follows the JS stamper (publicKey, scheme, signature); parsers must not care. */
export function makeStamp(args: { payload: string; privateKeyHex: string }): string {
  const stamp: Stamp = {
    publicKey: publicKeyFromPrivate(args.privateKeyHex, true),
    scheme: STAMP_SCHEME,
    signature: signDerHex(args.privateKeyHex, args.payload),
  };
  return base64urlEncode(utf8Encode(JSON.stringify(stamp)));
}

const ALLOWED_MEMBERS = new Set(["publicKey", "scheme", "signature"]);

export function parseStamp(header: string): Stamp {
  if (typeof header !== "string" || header.length === 0) {
    throw new StampMalformedError("NOT_BASE64URL", "expected a non-empty base64url stamp");
  }
  if (header.length > MAX_STAMP_LENGTH) {
    throw new StampMalformedError(
      "TOO_LONG",
      `expected a stamp of at most ${MAX_STAMP_LENGTH} characters, received ${header.length}`,
    );
  }
  let json: string;
  try {
    json = utf8Decode(base64urlDecode(header.trim()));
  } catch {
    throw new StampMalformedError("NOT_BASE64URL", "expected base64url (RFC 4648 §5) of UTF-8 JSON");
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new StampMalformedError("NOT_JSON", "expected the decoded stamp to be JSON");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new StampMalformedError(
      "NOT_AN_OBJECT",
      "expected the decoded stamp to be a JSON object {publicKey, scheme, signature}",
    );
  }
  const record = value as Record<string, unknown>;
  const extra = Object.keys(record).filter((k) => !ALLOWED_MEMBERS.has(k));
  if (extra.length > 0) {
    throw new StampMalformedError(
      "MEMBERS",
      `expected only publicKey, scheme and signature, received also ${extra.join(", ")}`,
    );
  }
  const { publicKey, scheme, signature } = record;
  const wrong = (["publicKey", "scheme", "signature"] as const).filter((k) => typeof record[k] !== "string");
  if (wrong.length > 0) {
    throw new StampMalformedError(
      "MEMBERS",
      `expected string members publicKey, scheme and signature; missing or not a string: ${wrong.join(", ")}`,
    );
  }
  if (scheme !== STAMP_SCHEME) {
    throw new StampMalformedError(
      "UNKNOWN_SCHEME",
      `expected scheme ${STAMP_SCHEME}, received ${JSON.stringify(scheme).slice(0, 80)}`,
    );
  }
  let normalized: string;
  try {
    normalized = normalizePublicKeyHex(publicKey as string);
  } catch {
    throw new StampMalformedError(
      "BAD_PUBLIC_KEY",
      "expected publicKey to be a P-256 public key in SEC1 hex (compressed 66 or uncompressed 130 characters)",
    );
  }
  if (!isDerSignatureHex(signature)) {
    throw new StampMalformedError("BAD_SIGNATURE", "expected signature to be a DER-encoded ECDSA signature in hex");
  }
  return { publicKey: normalized, scheme: STAMP_SCHEME, signature: (signature as string).toLowerCase() };
}

/** ECDSA check of a parsed stamp over the exact payload string; accepts high-S. */
export function verifyStamp(parsed: Stamp, payload: string): boolean {
  return verifyDerHex(parsed.publicKey, parsed.signature, payload);
}
