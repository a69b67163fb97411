import { p256 } from "@noble/curves/nist.js";
import { describe, expect, it } from "vitest";
import { bytesToHex, hexToBytes } from "./encoding";
import {
  compressPublicKey,
  derToRaw,
  generateP256KeyPair,
  isValidPublicKeyHex,
  normalizePublicKeyHex,
  publicKeyFromPrivate,
  rawToDer,
  signDerHex,
  uncompressPublicKey,
  verifyDerHex,
} from "./p256";

// api-key-stamper fixture key pair (tkhq/sdk packages/api-key-stamper/src/__fixtures__).
const FIXTURE_PRIVATE = "487f361ddfd73440e707f4daa6775b376859e8a3c9f29b3bb694a12927c0213c";
const FIXTURE_PUBLIC = "02f739f8c77b32f4d5f13265861febd76e7a9c61a1140d296b8c16302508870316";

/** Re-encodes a signature with s' = n - s: the same signature, high-S (as WebCrypto may emit). */
function toHighS(derHex: string): string {
  const sig = p256.Signature.fromBytes(hexToBytes(derHex), "der");
  const flipped = new p256.Signature(sig.r, p256.Point.Fn.ORDER - sig.s);
  expect(flipped.hasHighS()).toBe(true);
  return bytesToHex(flipped.toBytes("der"));
}

describe("keys", () => {
  it("derives the fixture public key", () => {
    expect(publicKeyFromPrivate(FIXTURE_PRIVATE)).toBe(FIXTURE_PUBLIC);
  });
  it("generates consistent compressed/uncompressed pairs", () => {
    const k = generateP256KeyPair();
    expect(k.privateKeyHex).toMatch(/^[0-9a-f]{64}$/);
    expect(k.publicKeyHex).toMatch(/^0[23][0-9a-f]{64}$/);
    expect(k.publicKeyUncompressedHex).toMatch(/^04[0-9a-f]{128}$/);
    expect(compressPublicKey(k.publicKeyUncompressedHex)).toBe(k.publicKeyHex);
    expect(uncompressPublicKey(k.publicKeyHex)).toBe(k.publicKeyUncompressedHex);
    expect(normalizePublicKeyHex(k.publicKeyUncompressedHex.toUpperCase())).toBe(k.publicKeyHex);
    expect(publicKeyFromPrivate(k.privateKeyHex, false)).toBe(k.publicKeyUncompressedHex);
  });
  it("rejects invalid points and lengths", () => {
    const k = generateP256KeyPair();
    const offCurve = `04${k.publicKeyUncompressedHex.slice(2, 66)}${"00".repeat(32)}`;
    for (const bad of [
      offCurve,
      `02${"ff".repeat(32)}`,
      `05${k.publicKeyHex.slice(2)}`,
      k.publicKeyHex.slice(0, 64),
      "zz",
      "",
    ]) {
      expect(isValidPublicKeyHex(bad)).toBe(false);
      expect(() => normalizePublicKeyHex(bad)).toThrow(/P-256 public key/);
    }
    expect(isValidPublicKeyHex(42)).toBe(false);
    expect(() => publicKeyFromPrivate("00".repeat(32))).toThrow(/private key/);
  });
  it("answers a remembered key the same, and never remembers an invalid one", () => {
    const k = generateP256KeyPair();
    const offCurve = `04${k.publicKeyUncompressedHex.slice(2, 66)}${"00".repeat(32)}`;
    for (let i = 0; i < 3; i++) {
      expect(normalizePublicKeyHex(k.publicKeyUncompressedHex)).toBe(k.publicKeyHex);
      expect(normalizePublicKeyHex(k.publicKeyHex)).toBe(k.publicKeyHex);
      expect(() => normalizePublicKeyHex(offCurve)).toThrow(/P-256 public key/);
    }
  });
});

describe("ECDSA (DER hex)", () => {
  it("signs over the UTF-8 bytes and verifies with either key encoding", () => {
    const k = generateP256KeyPair();
    const sig = signDerHex(k.privateKeyHex, "héllo");
    expect(sig).toMatch(/^30[0-9a-f]+$/);
    expect(verifyDerHex(k.publicKeyHex, sig, "héllo")).toBe(true);
    expect(verifyDerHex(k.publicKeyUncompressedHex, sig, new TextEncoder().encode("héllo"))).toBe(true);
    expect(verifyDerHex(k.publicKeyHex.toUpperCase(), sig.toUpperCase(), "héllo")).toBe(true);
  });
  it("accepts high-S signatures", () => {
    const k = generateP256KeyPair();
    const high = toHighS(signDerHex(k.privateKeyHex, "payload"));
    expect(verifyDerHex(k.publicKeyHex, high, "payload")).toBe(true);
  });
  it("rejects a wrong message, a wrong key, a flipped byte", () => {
    const k = generateP256KeyPair();
    const other = generateP256KeyPair();
    const sig = signDerHex(k.privateKeyHex, "payload");
    expect(verifyDerHex(k.publicKeyHex, sig, "payload ")).toBe(false);
    expect(verifyDerHex(other.publicKeyHex, sig, "payload")).toBe(false);
    const bytes = hexToBytes(sig);
    bytes[bytes.length - 1] ^= 0x01;
    expect(verifyDerHex(k.publicKeyHex, bytesToHex(bytes), "payload")).toBe(false);
  });
  it("never throws on garbage", () => {
    const k = generateP256KeyPair();
    for (const [pub, sig] of [
      ["", ""],
      ["zz", "30"],
      [k.publicKeyHex, "not hex"],
      [k.publicKeyHex, "3000"],
      ["04", "3006020101020101"],
    ]) {
      expect(verifyDerHex(pub!, sig!, "x")).toBe(false);
    }
    // A raw r‖s signature is not DER and must not verify.
    const raw = derToRaw(hexToBytes(signDerHex(k.privateKeyHex, "x")));
    expect(verifyDerHex(k.publicKeyHex, bytesToHex(raw), "x")).toBe(false);
  });
  it("converts P1363 r‖s to minimal DER and back", () => {
    const k = generateP256KeyPair();
    const der = signDerHex(k.privateKeyHex, "x");
    const raw = derToRaw(hexToBytes(der));
    expect(raw).toHaveLength(64);
    expect(bytesToHex(rawToDer(raw))).toBe(der);
    // r with the high bit set needs a 0x00 pad; a small r has its leading zeros stripped.
    const r = new Uint8Array(32).fill(0x80);
    const s = new Uint8Array(32);
    s[31] = 1;
    const der2 = rawToDer(new Uint8Array([...r, ...s]));
    expect(bytesToHex(der2)).toBe(`3026022100${"80".repeat(32)}020101`);
    expect(() => rawToDer(new Uint8Array(63))).toThrow(/64 bytes/);
    expect(() => derToRaw(new Uint8Array([0x30, 0x00]))).toThrow(/DER/);
  });
  it("verifies a WebCrypto signature (raw r‖s converted to DER)", async () => {
    const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    const pub = bytesToHex(new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey)));
    const message = new TextEncoder().encode('{"a":1}');
    for (let i = 0; i < 8; i++) {
      const raw = new Uint8Array(
        await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, pair.privateKey, message),
      );
      expect(verifyDerHex(pub, bytesToHex(rawToDer(raw)), message)).toBe(true);
    }
  });
});
