import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import { bytesToHex, concatBytes, hexToBytes, utf8Encode } from "./encoding";
import { privateKeyBytes, publicKeyFromPrivate, publicKeyPoint } from "./p256";

/**
 * HPKE as protocol.md "HPKE" fixes it: RFC 9180 base mode, DHKEM(P-256, HKDF-SHA256) /
 * HKDF-SHA256 / AES-256-GCM, info = ASCII "turnkey_hpke", and the non-standard AAD
 * uncompressed enc (65 B) ‖ uncompressed recipient public key (65 B) that existing client
 * libraries use. Every seal uses a fresh ephemeral key (@hpke/core generates one per call).
 */

export const HPKE_INFO = utf8Encode("turnkey_hpke");

let suite: CipherSuite | undefined;
function cipherSuite(): CipherSuite {
  suite ??= new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
  return suite;
}

function uncompressed(bytesOrHex: Uint8Array | string, what: string): Uint8Array {
  try {
    if (typeof bytesOrHex !== "string" && !(bytesOrHex instanceof Uint8Array))
      throw new Error(`expected bytes, received ${typeof bytesOrHex}`);
    const hex = typeof bytesOrHex === "string" ? bytesOrHex : bytesToHex(bytesOrHex);
    return publicKeyPoint(hex).toBytes(false);
  } catch (error) {
    throw new Error(`HPKE: ${what}: ${(error as Error).message}`);
  }
}

/** The 130-byte additional authenticated data: enc_uncompressed ‖ recipient_uncompressed. */
export function hpkeAad(encappedPublicUncompressed: Uint8Array, recipientPublicUncompressed: Uint8Array): Uint8Array {
  return concatBytes(encappedPublicUncompressed, recipientPublicUncompressed);
}

export interface HpkeSealed {
  /** Uncompressed SEC1 encapsulated key, 65 bytes. */
  encappedPublic: Uint8Array;
  /** AES-256-GCM ct ‖ 16-byte tag. */
  ciphertext: Uint8Array;
}

export async function hpkeSeal(args: { recipientPublicKeyHex: string; plaintext: Uint8Array }): Promise<HpkeSealed> {
  const recipient = uncompressed(args.recipientPublicKeyHex, "recipient public key");
  if (!(args.plaintext instanceof Uint8Array)) throw new Error("HPKE: expected plaintext bytes");
  const s = cipherSuite();
  const recipientKey = await s.kem.deserializePublicKey(recipient.slice().buffer);
  const sender = await s.createSenderContext({ recipientPublicKey: recipientKey, info: HPKE_INFO.slice().buffer });
  const enc = new Uint8Array(sender.enc);
  const ciphertext = new Uint8Array(
    await sender.seal(args.plaintext.slice().buffer, hpkeAad(enc, recipient).slice().buffer),
  );
  return { encappedPublic: enc, ciphertext };
}

/** Opens a single-shot message. `encappedPublic` may be compressed (33 B) or uncompressed (65 B). */
export async function hpkeOpen(args: {
  recipientPrivateKeyHex: string;
  encappedPublic: Uint8Array;
  ciphertext: Uint8Array;
}): Promise<Uint8Array> {
  const priv = privateKeyBytes(args.recipientPrivateKeyHex);
  const enc = uncompressed(args.encappedPublic, "encapsulated key");
  if (!(args.ciphertext instanceof Uint8Array) || args.ciphertext.length < 16) {
    throw new Error("HPKE: expected a ciphertext of at least 16 bytes (ct ‖ tag)");
  }
  const recipientPublic = hexToBytes(publicKeyFromPrivate(args.recipientPrivateKeyHex, false));
  const s = cipherSuite();
  const recipientKey = await s.kem.deserializePrivateKey(priv.slice().buffer);
  try {
    const recipient = await s.createRecipientContext({
      recipientKey,
      enc: enc.slice().buffer,
      info: HPKE_INFO.slice().buffer,
    });
    return new Uint8Array(
      await recipient.open(args.ciphertext.slice().buffer, hpkeAad(enc, recipientPublic).slice().buffer),
    );
  } catch {
    throw new Error("HPKE: decryption failed (wrong key, tampered ciphertext, or wrong encapsulated key)");
  }
}
