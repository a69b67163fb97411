/**
 * The browser's side of the protocol's sealed formats (protocol.md "HPKE", "otpEncryptionTargetBundle",
 * "encryptedOtpBundle", "encryptedSessionSigningKey", "Wallet export"). HPKE base mode,
 * DHKEM(P-256)/HKDF-SHA256/AES-256-GCM, info "turnkey_hpke", AAD = enc(65) ‖ recipient public (65).
 */
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import { p256 } from "@noble/curves/nist.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { createBase58check } from "@scure/base";
import type { TransportKey } from "./keys";

const INFO = new TextEncoder().encode("turnkey_hpke");
const suite = () => new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
const uncompressed = (hex: string) => p256.Point.fromBytes(hexToBytes(hex)).toBytes(false);
const concat = (a: Uint8Array, b: Uint8Array) => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};
const ab = (u: Uint8Array): ArrayBuffer => u.slice().buffer as ArrayBuffer;

export class BundleError extends Error {}

interface EnclaveBundle {
  version: string;
  data: string;
  dataSignature: string;
  enclaveQuorumPublic: string;
}

/**
 * Check an enclave bundle before trusting anything in it: the signer must be the pinned enclave
 * key, and its ECDSA signature (DER, high-S allowed) must cover the raw bytes of `data`.
 */
export function verifyEnclaveBundle(bundleJson: string, pinnedEnclavePublicHex: string): Record<string, string> {
  let b: EnclaveBundle;
  try {
    b = JSON.parse(bundleJson);
  } catch {
    throw new BundleError("The enclave bundle is not JSON");
  }
  if (b.version !== "v1.0.0") throw new BundleError(`Enclave bundle version: expected v1.0.0, received ${b.version}`);
  const pinned = bytesToHex(uncompressed(pinnedEnclavePublicHex));
  const signer = bytesToHex(uncompressed(b.enclaveQuorumPublic));
  if (signer !== pinned) throw new BundleError("The bundle is signed by a key other than the pinned enclave key");
  const data = hexToBytes(b.data);
  const ok = p256.verify(hexToBytes(b.dataSignature), data, hexToBytes(signer), { format: "der", lowS: false });
  if (!ok) throw new BundleError("The enclave bundle's signature does not verify");
  return JSON.parse(new TextDecoder().decode(data));
}

async function seal(recipientPublicHex: string, plaintext: Uint8Array): Promise<{ enc: Uint8Array; ct: Uint8Array }> {
  const s = suite();
  const pkRm = uncompressed(recipientPublicHex);
  const pkR = await s.kem.deserializePublicKey(ab(pkRm));
  const sender = await s.createSenderContext({ recipientPublicKey: pkR, info: ab(INFO) });
  const enc = new Uint8Array(sender.enc);
  const ct = new Uint8Array(await sender.seal(ab(plaintext), ab(concat(enc, pkRm))));
  return { enc, ct };
}

async function open(transport: TransportKey, encUncompressed: Uint8Array, ct: Uint8Array): Promise<Uint8Array> {
  const s = suite();
  const recipient = await s.createRecipientContext({ recipientKey: transport.keyPair, enc: ab(encUncompressed), info: ab(INFO) });
  const aad = concat(encUncompressed, hexToBytes(transport.publicKeyHex));
  try {
    return new Uint8Array(await recipient.open(ab(ct), ab(aad)));
  } catch {
    throw new BundleError("The sealed data does not open with this browser's key");
  }
}

/**
 * EMAIL_OTP step 2: verify the target bundle against the pinned enclave key, then seal
 * {"otp_code","public_key"} to its targetPublic. Returns the `encryptedOtpBundle` string.
 */
export async function sealOtp(input: { otpCode: string; sessionPublicKeyHex: string; targetBundle: string; pinnedEnclavePublicHex: string }): Promise<string> {
  const data = verifyEnclaveBundle(input.targetBundle, input.pinnedEnclavePublicHex);
  if (!data.targetPublic) throw new BundleError("The target bundle has no targetPublic");
  const plaintext = new TextEncoder().encode(JSON.stringify({ otp_code: input.otpCode, public_key: input.sessionPublicKeyHex }));
  const { enc, ct } = await seal(data.targetPublic, plaintext);
  return JSON.stringify({ encappedPublic: bytesToHex(enc), ciphertext: bytesToHex(ct) });
}

/** `encryptedSessionSigningKey`: base58check(compressed enc ‖ ct) → the 32-byte session scalar. */
export async function openSessionKey(bundle: string, transport: TransportKey): Promise<Uint8Array> {
  let raw: Uint8Array;
  try {
    raw = createBase58check(sha256).decode(bundle);
  } catch {
    throw new BundleError("encryptedSessionSigningKey is not base58check");
  }
  const enc = p256.Point.fromBytes(raw.slice(0, 33)).toBytes(false);
  return open(transport, enc, raw.slice(33));
}

/** Wallet export: the enclave bundle's data holds {encappedPublic, ciphertext}; plaintext = mnemonic. */
export async function openExport(bundleJson: string, transport: TransportKey, pinnedEnclavePublicHex: string): Promise<string> {
  const data = verifyEnclaveBundle(bundleJson, pinnedEnclavePublicHex);
  const pt = await open(transport, uncompressed(data.encappedPublic), hexToBytes(data.ciphertext));
  return new TextDecoder().decode(pt);
}
