/**
 * The browser's side of the protocol's sealed formats. Format logic comes from lib/shared/crypto/web
 * (verification of enclave bundles, OTP sealing); what is browser-specific here is opening with a
 * NON-extractable WebCrypto key pair, which lib/shared/crypto/web's hex-key API cannot take.
 */
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import { base58check } from "@/lib/shared/crypto/web/credential-bundle";
import { verifyEnclaveBundle } from "@/lib/shared/crypto/web/enclave-bundle";
import { hexToBytes, utf8Decode } from "@/lib/shared/crypto/web/encoding";
import { HPKE_INFO, hpkeAad } from "@/lib/shared/crypto/web/hpke";
import { sealOtpBundle } from "@/lib/shared/crypto/web/otp-bundle";
import { uncompressPublicKey } from "@/lib/shared/crypto/web/p256";
import type { TransportKey } from "./keys";

export class BundleError extends Error {
  override name = "BundleError";
}

const ab = (u: Uint8Array): ArrayBuffer => u.slice().buffer as ArrayBuffer;

async function openWithKeyPair(
  transport: TransportKey,
  encappedPublic: Uint8Array,
  ciphertext: Uint8Array,
): Promise<Uint8Array> {
  const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
  const enc = hexToBytes(uncompressPublicKey(toHex(encappedPublic)));
  try {
    const recipient = await suite.createRecipientContext({
      recipientKey: transport.keyPair,
      enc: ab(enc),
      info: ab(HPKE_INFO),
    });
    return new Uint8Array(await recipient.open(ab(ciphertext), ab(hpkeAad(enc, hexToBytes(transport.publicKeyHex)))));
  } catch {
    throw new BundleError("The sealed data does not open with this browser's key");
  }
}

function toHex(b: Uint8Array): string {
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

function checked<T>(what: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw new BundleError(`${what}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * EMAIL_OTP step 2: verify the target bundle against the pinned enclave key (lib/shared/crypto/web), then seal
 * {"otp_code","public_key"} to its targetPublic. Returns the `encryptedOtpBundle` string.
 */
export async function sealOtp(input: {
  otpCode: string;
  sessionPublicKeyHex: string;
  targetBundle: string;
  pinnedEnclavePublicHex: string;
}): Promise<string> {
  try {
    return await sealOtpBundle(input);
  } catch (e) {
    throw new BundleError(`OTP target bundle rejected: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** `encryptedSessionSigningKey`: base58check(compressed enc ‖ ct) → the 32-byte session scalar. */
export async function openSessionKey(bundle: string, transport: TransportKey): Promise<Uint8Array> {
  const raw = checked("encryptedSessionSigningKey", () => base58check.decode(bundle));
  if (raw.length <= 33 + 16) throw new BundleError("encryptedSessionSigningKey is too short");
  return openWithKeyPair(transport, raw.slice(0, 33), raw.slice(33));
}

/** Wallet export: verify pin, signature and organization; the plaintext is the mnemonic. */
export async function openExport(
  bundleJson: string,
  transport: TransportKey,
  pinnedEnclavePublicHex: string,
  organizationId: string,
): Promise<string> {
  const data = checked("Export bundle", () => verifyEnclaveBundle(bundleJson, pinnedEnclavePublicHex));
  if (data.organizationId !== organizationId)
    throw new BundleError(`Export bundle: expected organizationId ${organizationId}`);
  if (typeof data.encappedPublic !== "string" || typeof data.ciphertext !== "string")
    throw new BundleError("Export bundle: missing encappedPublic/ciphertext");
  return utf8Decode(await openWithKeyPair(transport, hexToBytes(data.encappedPublic), hexToBytes(data.ciphertext)));
}
