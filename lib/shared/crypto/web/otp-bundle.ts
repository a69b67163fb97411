import { bytesToHex, hexToBytes, utf8Decode, utf8Encode } from "./encoding";
import { makeEnclaveBundle, verifyEnclaveBundle } from "./enclave-bundle";
import { hpkeOpen, hpkeSeal } from "./hpke";
import { compressPublicKey, isValidPublicKeyHex, uncompressPublicKey } from "./p256";

/**
 * EMAIL_OTP bundles (protocol.md "otpEncryptionTargetBundle", "encryptedOtpBundle").
 * Service → client: an enclave bundle whose data is `{"targetPublic","organizationId","userId"}`.
 * Client → service: `{"encappedPublic":<uncompressed hex>,"ciphertext":<hex>}`, the HPKE seal of
 * compact JSON `{"otp_code","public_key"}` where public_key is the compressed session key.
 */

export function makeOtpTargetBundle(args: {
  targetPublicHex: string;
  organizationId: string;
  userId: string;
  signingPrivateKeyHex: string;
}): string {
  // Member order and the uncompressed targetPublic match what existing clients expect
  // (crypto-format-facts §2, §8.1: a compressed targetPublic breaks their AAD).
  return makeEnclaveBundle({
    data: {
      targetPublic: uncompressPublicKey(args.targetPublicHex),
      organizationId: args.organizationId,
      userId: args.userId,
    },
    signingPrivateKeyHex: args.signingPrivateKeyHex,
  });
}

/** Client side: verify the pinned target bundle, then seal the code and the session key to it. */
export async function sealOtpBundle(args: {
  otpCode: string;
  sessionPublicKeyHex: string;
  targetBundle: string;
  pinnedEnclavePublicHex: string;
}): Promise<string> {
  const data = verifyEnclaveBundle(args.targetBundle, args.pinnedEnclavePublicHex);
  if (typeof data.targetPublic !== "string" || !isValidPublicKeyHex(data.targetPublic)) {
    throw new Error("OTP target bundle: expected data.targetPublic to be a P-256 public key");
  }
  const plaintext = utf8Encode(
    JSON.stringify({ otp_code: args.otpCode, public_key: compressPublicKey(args.sessionPublicKeyHex) }),
  );
  const sealed = await hpkeSeal({ recipientPublicKeyHex: data.targetPublic, plaintext });
  return JSON.stringify({
    encappedPublic: bytesToHex(sealed.encappedPublic),
    ciphertext: bytesToHex(sealed.ciphertext),
  });
}

export type OtpBundleErrorReason = "MALFORMED" | "DECRYPTION_FAILED" | "BAD_PLAINTEXT";

/** Raised by openOtpBundle; `reason` tells malformed input from a bundle that does not open. */
export class OtpBundleError extends Error {
  readonly reason: OtpBundleErrorReason;
  constructor(reason: OtpBundleErrorReason, message: string) {
    super(`encryptedOtpBundle: ${message}`);
    this.name = "OtpBundleError";
    this.reason = reason;
  }
}

const MAX_BUNDLE_LENGTH = 4096;
const COMPRESSED_KEY_RE = /^0[23][0-9a-fA-F]{64}$/;

export interface OtpBundlePlaintext {
  otp_code: string;
  /** Compressed lowercase hex of the client's session key. */
  public_key: string;
}

/** Service side: open with the target private key; validates every field it returns. */
export async function openOtpBundle(args: {
  encryptedOtpBundle: string;
  targetPrivateKeyHex: string;
}): Promise<OtpBundlePlaintext> {
  const text = args.encryptedOtpBundle;
  if (typeof text !== "string" || text.length === 0 || text.length > MAX_BUNDLE_LENGTH) {
    throw new OtpBundleError("MALFORMED", `expected a JSON string of at most ${MAX_BUNDLE_LENGTH} characters`);
  }
  let outer: unknown;
  try {
    outer = JSON.parse(text);
  } catch {
    throw new OtpBundleError("MALFORMED", "expected JSON {encappedPublic, ciphertext}");
  }
  if (outer === null || typeof outer !== "object" || Array.isArray(outer)) {
    throw new OtpBundleError("MALFORMED", "expected a JSON object {encappedPublic, ciphertext}");
  }
  const { encappedPublic, ciphertext } = outer as Record<string, unknown>;
  if (typeof encappedPublic !== "string" || !isValidPublicKeyHex(encappedPublic)) {
    throw new OtpBundleError(
      "MALFORMED",
      "expected encappedPublic to be a P-256 public key in hex (uncompressed, 130 characters)",
    );
  }
  let ct: Uint8Array;
  try {
    if (typeof ciphertext !== "string") throw new Error();
    ct = hexToBytes(ciphertext);
  } catch {
    throw new OtpBundleError("MALFORMED", "expected ciphertext to be non-empty hex");
  }
  if (ct.length < 17)
    throw new OtpBundleError(
      "MALFORMED",
      `expected a ciphertext longer than the 16-byte tag, received ${ct.length} bytes`,
    );

  let plain: Uint8Array;
  try {
    plain = await hpkeOpen({
      recipientPrivateKeyHex: args.targetPrivateKeyHex,
      encappedPublic: hexToBytes(encappedPublic),
      ciphertext: ct,
    });
  } catch {
    throw new OtpBundleError("DECRYPTION_FAILED", "does not decrypt with this OTP's target key");
  }
  let inner: unknown;
  try {
    inner = JSON.parse(utf8Decode(plain));
  } catch {
    throw new OtpBundleError("BAD_PLAINTEXT", "expected the sealed plaintext to be JSON {otp_code, public_key}");
  }
  if (inner === null || typeof inner !== "object" || Array.isArray(inner)) {
    throw new OtpBundleError(
      "BAD_PLAINTEXT",
      "expected the sealed plaintext to be a JSON object {otp_code, public_key}",
    );
  }
  const { otp_code, public_key } = inner as Record<string, unknown>;
  if (typeof otp_code !== "string" || otp_code.length === 0 || otp_code.length > 64) {
    throw new OtpBundleError("BAD_PLAINTEXT", "expected otp_code to be a non-empty string");
  }
  if (typeof public_key !== "string" || !COMPRESSED_KEY_RE.test(public_key) || !isValidPublicKeyHex(public_key)) {
    throw new OtpBundleError(
      "BAD_PLAINTEXT",
      "expected public_key to be a compressed P-256 public key (66 hex characters, 02/03 prefix)",
    );
  }
  return { otp_code, public_key: public_key.toLowerCase() };
}
