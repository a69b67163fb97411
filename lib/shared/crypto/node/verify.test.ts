import { p256 } from "@noble/curves/nist.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bytesToHex, hexToBytes } from "@/lib/shared/crypto/web/encoding";
import { generateP256KeyPair, signDerHex, verifyDerHex } from "@/lib/shared/crypto/web/p256";
import { parseStamp } from "@/lib/shared/crypto/web/stamp";
import { DOCS_STAMP, EXPORT_BUNDLE } from "@/lib/shared/crypto/web/test-vectors";
import { verifyDerHexNative, verifyStampNative } from "./verify";

describe("native verification agrees with the isomorphic one", () => {
  it("verifies the published stamp and the high-S export bundle signature", () => {
    expect(verifyStampNative(parseStamp(DOCS_STAMP.header), DOCS_STAMP.body)).toBe(true);
    const outer = JSON.parse(EXPORT_BUNDLE.bundle);
    expect(verifyDerHexNative(outer.enclaveQuorumPublic, outer.dataSignature, hexToBytes(outer.data))).toBe(true);
    expect(verifyDerHexNative(outer.enclaveQuorumPublic, outer.dataSignature, hexToBytes(`${outer.data}00`))).toBe(
      false,
    );
  });
  // 300 pure-JS signatures and verifications: CPU-bound, so a loaded machine needs more than the default 5 s.
  it("matches verifyDerHex on valid, high-S, wrong and garbage inputs", { timeout: 60_000 }, () => {
    const k = generateP256KeyPair();
    const other = generateP256KeyPair();
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 5 }), fc.nat(), (message, mode, pos) => {
        let pub = k.publicKeyHex;
        let sig = signDerHex(k.privateKeyHex, message);
        let msg = message;
        if (mode === 1) {
          const s = p256.Signature.fromBytes(hexToBytes(sig), "der");
          sig = bytesToHex(new p256.Signature(s.r, p256.Point.Fn.ORDER - s.s).toBytes("der"));
          pub = k.publicKeyUncompressedHex;
        } else if (mode === 2) msg = `${message}x`;
        else if (mode === 3) pub = other.publicKeyHex;
        else if (mode === 4) {
          const b = hexToBytes(sig);
          b[pos % b.length] ^= 1 << (pos % 8);
          sig = bytesToHex(b);
        } else if (mode === 5) sig = sig.slice(0, Math.max(2, (pos % sig.length) & ~1));
        const expected = verifyDerHex(pub, sig, msg);
        expect(verifyDerHexNative(pub, sig, msg)).toBe(expected);
        if (mode <= 1) expect(expected).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
  it("never throws on garbage", () => {
    expect(verifyDerHexNative("zz", "30", "x")).toBe(false);
    expect(verifyDerHexNative(`02${"ff".repeat(32)}`, "3006020101020101", "x")).toBe(false);
  });
});
