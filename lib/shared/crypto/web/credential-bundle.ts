import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check } from "@scure/base";
import { bytesToHex, concatBytes, hexToBytes } from "./encoding";
import { hpkeOpen, hpkeSeal } from "./hpke";
import { compressPublicKey, privateKeyBytes } from "./p256";

/**
 * Credential bundle (`encryptedSessionSigningKey`, protocol.md): base58check (Bitcoin alphabet,
 * 4-byte double-SHA-256 checksum) of compressed enc (33 B) ‖ ct‖tag, HPKE-sealing a 32-byte
 * P-256 private scalar to the client's public key. No version byte, no JSON, no signature.
 */
export const base58check = createBase58check(sha256);

const COMPRESSED_ENC_LENGTH = 33;

export async function sealCredentialBundle(args: {
  privateKeyHex: string;
  recipientPublicKeyHex: string;
}): Promise<string> {
  const scalar = privateKeyBytes(args.privateKeyHex);
  const sealed = await hpkeSeal({ recipientPublicKeyHex: args.recipientPublicKeyHex, plaintext: scalar });
  const encCompressed = hexToBytes(compressPublicKey(bytesToHex(sealed.encappedPublic)));
  return base58check.encode(concatBytes(encCompressed, sealed.ciphertext));
}

/** Returns the delivered private key as lowercase hex (64 chars). */
export async function openCredentialBundle(args: { bundle: string; recipientPrivateKeyHex: string }): Promise<string> {
  let raw: Uint8Array;
  try {
    raw = base58check.decode(args.bundle);
  } catch (error) {
    throw new Error(`credential bundle: expected base58check text: ${(error as Error).message}`);
  }
  if (raw.length <= COMPRESSED_ENC_LENGTH + 16) {
    throw new Error(
      `credential bundle: expected more than ${COMPRESSED_ENC_LENGTH + 16} bytes, received ${raw.length}`,
    );
  }
  const plaintext = await hpkeOpen({
    recipientPrivateKeyHex: args.recipientPrivateKeyHex,
    encappedPublic: raw.subarray(0, COMPRESSED_ENC_LENGTH),
    ciphertext: raw.subarray(COMPRESSED_ENC_LENGTH),
  });
  if (plaintext.length !== 32) {
    throw new Error(`credential bundle: expected a 32-byte private key inside, received ${plaintext.length} bytes`);
  }
  return bytesToHex(plaintext);
}
