import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { base58 } from "@scure/base";

/** EIP-191 version 0x45 ("personal_sign") digest: keccak256("\x19Ethereum Signed Message:\n" + byte length + message). */
export function eip191Digest(message: string): Uint8Array {
  const body = utf8ToBytes(message);
  const prefix = utf8ToBytes(`\x19Ethereum Signed Message:\n${body.length}`);
  const all = new Uint8Array(prefix.length + body.length);
  all.set(prefix);
  all.set(body, prefix.length);
  return keccak_256(all);
}

/** Lowercase 0x address of an uncompressed secp256k1 public key (65 bytes, 0x04 prefix). */
export function evmAddressOf(uncompressedPublicKey: Uint8Array): string {
  return `0x${bytesToHex(keccak_256(uncompressedPublicKey.subarray(1)).subarray(12))}`;
}

/**
 * The lowercase address that produced a personal_sign signature (`0x` + r‖s‖v, 130 hex digits,
 * v ∈ {0, 1, 27, 28}), or null when the signature is malformed or recovers nothing.
 */
export function recoverPersonalSignAddress(message: string, signatureHex: string): string | null {
  const m = /^(0x)?([0-9a-fA-F]{130})$/.exec(signatureHex);
  if (!m) return null;
  const bytes = hexToBytes(m[2].toLowerCase());
  const v = bytes[64];
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return null;
  try {
    const sig = secp256k1.Signature.fromBytes(bytes.subarray(0, 64), "compact").addRecoveryBit(recovery);
    const point = sig.recoverPublicKey(eip191Digest(message));
    return evmAddressOf(point.toBytes(false));
  } catch {
    return null;
  }
}

export function verifyPersonalSign(address: string, message: string, signatureHex: string): boolean {
  const recovered = recoverPersonalSignAddress(message, signatureHex);
  return recovered !== null && recovered === address.toLowerCase();
}

/** ed25519 over the UTF-8 message by the Solana address (base58 of the 32-byte public key); signature base58 of 64 bytes. */
export function verifySolanaSignature(address: string, message: string, signatureBase58: string): boolean {
  try {
    const pub = base58.decode(address);
    const sig = base58.decode(signatureBase58);
    if (pub.length !== 32 || sig.length !== 64) return false;
    return ed25519.verify(sig, utf8ToBytes(message), pub);
  } catch {
    return false;
  }
}
