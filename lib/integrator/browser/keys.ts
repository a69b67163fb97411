/**
 * Browser key handling. Private keys are WebCrypto keys created or imported NON-extractable:
 * script running in the page can use them but never read them back out.
 * - the session signing key (ECDSA P-256): signs payloadToSign;
 * - the transport key (ECDH P-256): receives HPKE-sealed secrets (session key, wallet export).
 */
import { base64urlEncode, bytesToHex, hexToBytes } from "@/lib/shared/crypto/web/encoding";
import { compressPublicKey, publicKeyFromPrivate } from "@/lib/shared/crypto/web/p256";

export interface SessionKey {
  privateKey: CryptoKey;
  /** SEC1 compressed, lowercase hex (protocol.md "Encodings"). */
  publicKeyHex: string;
}

export interface TransportKey {
  keyPair: CryptoKeyPair;
  /** SEC1 uncompressed, lowercase hex: the `clientPublicKey` the service seals to. */
  publicKeyHex: string;
}

const EC = { namedCurve: "P-256" } as const;

async function rawPublicHex(key: CryptoKey): Promise<string> {
  return bytesToHex(new Uint8Array(await crypto.subtle.exportKey("raw", key)));
}

/** A fresh session key pair made by WebCrypto (EMAIL_OTP: the browser makes the session key itself). */
export async function generateSessionKey(): Promise<SessionKey> {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", ...EC }, false, ["sign", "verify"]);
  return { privateKey: pair.privateKey, publicKeyHex: compressPublicKey(await rawPublicHex(pair.publicKey)) };
}

/**
 * Import a 32-byte session scalar (decrypted from `encryptedSessionSigningKey`) as a non-extractable
 * ECDSA key. WebCrypto imports EC private keys only as JWK/PKCS#8, so x and y are computed here.
 */
export async function importSessionScalar(scalar: Uint8Array): Promise<SessionKey> {
  if (scalar.length !== 32) throw new Error(`session key: expected 32 bytes, received ${scalar.length}`);
  const pub = hexToBytes(publicKeyFromPrivate(bytesToHex(scalar), false));
  const jwk: JsonWebKey = {
    kty: "EC",
    crv: "P-256",
    d: base64urlEncode(scalar),
    x: base64urlEncode(pub.slice(1, 33)),
    y: base64urlEncode(pub.slice(33, 65)),
    ext: false,
  };
  const privateKey = await crypto.subtle.importKey("jwk", jwk, { name: "ECDSA", ...EC }, false, ["sign"]);
  scalar.fill(0);
  return { privateKey, publicKeyHex: compressPublicKey(bytesToHex(pub)) };
}

/** A fresh ECDH key pair whose public half is sent as `clientPublicKey`. */
export async function generateTransportKey(): Promise<TransportKey> {
  const keyPair = await crypto.subtle.generateKey({ name: "ECDH", ...EC }, false, ["deriveBits"]);
  return { keyPair, publicKeyHex: await rawPublicHex(keyPair.publicKey) };
}
