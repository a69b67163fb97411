import { p256 } from "@noble/curves/nist.js";
import { describe, expect, it } from "vitest";
import { base64urlDecode, base64urlEncode, bytesToHex, hexToBytes, utf8Decode, utf8Encode } from "./encoding";
import { generateP256KeyPair, signDerHex } from "./p256";
import { makeStamp, parseStamp, STAMP_SCHEME, StampMalformedError, verifyStamp } from "./stamp";
import { DOCS_STAMP } from "./test-vectors";

const enc = (value: unknown) => base64urlEncode(utf8Encode(typeof value === "string" ? value : JSON.stringify(value)));

function reasonOf(header: string): string {
  try {
    parseStamp(header);
  } catch (e) {
    expect(e).toBeInstanceOf(StampMalformedError);
    return (e as StampMalformedError).reason;
  }
  throw new Error("expected parseStamp to throw");
}

describe("stamp", () => {
  it("verifies the published X-Stamp sample (member order publicKey, signature, scheme)", () => {
    const parsed = parseStamp(DOCS_STAMP.header);
    expect(parsed.publicKey).toBe("0327a50032e6f0631d5605b6ada32b779074f346e81b68e12801640f1c9ee03dae");
    expect(verifyStamp(parsed, DOCS_STAMP.body)).toBe(true);
    expect(verifyStamp(parsed, DOCS_STAMP.body.replace(" ", ""))).toBe(false);
  });
  it("makes base64url (unpadded) JSON {publicKey, scheme, signature} that verifies over the payload", () => {
    const k = generateP256KeyPair();
    const header = makeStamp({ payload: '{"b":1}', privateKeyHex: k.privateKeyHex });
    expect(header).toMatch(/^[A-Za-z0-9_-]+$/);
    const json = JSON.parse(utf8Decode(base64urlDecode(header)));
    expect(json).toEqual({
      publicKey: k.publicKeyHex,
      scheme: STAMP_SCHEME,
      signature: expect.stringMatching(/^30[0-9a-f]+$/),
    });
    const parsed = parseStamp(header);
    expect(verifyStamp(parsed, '{"b":1}')).toBe(true);
    expect(verifyStamp(parsed, '{"b":2}')).toBe(false);
  });
  it("accepts padding, uncompressed/upper-case keys and high-S signatures", () => {
    const k = generateP256KeyPair();
    const payload = "payload";
    const sig = p256.Signature.fromBytes(hexToBytes(signDerHex(k.privateKeyHex, payload)), "der");
    const high = bytesToHex(new p256.Signature(sig.r, p256.Point.Fn.ORDER - sig.s).toBytes("der"));
    const header = enc({
      signature: high.toUpperCase(),
      scheme: STAMP_SCHEME,
      publicKey: k.publicKeyUncompressedHex.toUpperCase(),
    });
    const padded = header + "=".repeat((4 - (header.length % 4)) % 4);
    const parsed = parseStamp(padded);
    expect(parsed.publicKey).toBe(k.publicKeyHex);
    expect(verifyStamp(parsed, payload)).toBe(true);
  });
  it("does not verify a stamp made by another key claiming this key", () => {
    const k = generateP256KeyPair();
    const other = generateP256KeyPair();
    const parsed = parseStamp(
      enc({ publicKey: k.publicKeyHex, scheme: STAMP_SCHEME, signature: signDerHex(other.privateKeyHex, "p") }),
    );
    expect(verifyStamp(parsed, "p")).toBe(false);
  });
  it("names why a header is malformed", () => {
    const k = generateP256KeyPair();
    const good = { publicKey: k.publicKeyHex, scheme: STAMP_SCHEME, signature: signDerHex(k.privateKeyHex, "p") };
    const raw = bytesToHex(p256.Signature.fromBytes(hexToBytes(good.signature), "der").toBytes("compact"));
    const cases: Array<[string, string]> = [
      ["", "NOT_BASE64URL"],
      ["a".repeat(3000), "TOO_LONG"],
      ["not base64url!", "NOT_BASE64URL"],
      [`${Buffer.from(JSON.stringify(good)).toString("base64").replace(/=+$/, "")}+/`, "NOT_BASE64URL"],
      [base64urlEncode(new Uint8Array([0xff, 0xfe])), "NOT_BASE64URL"],
      [enc("not json"), "NOT_JSON"],
      [enc("[1]"), "NOT_AN_OBJECT"],
      [enc("null"), "NOT_AN_OBJECT"],
      [enc({ ...good, publicKey: undefined }), "MEMBERS"],
      [enc({ ...good, signature: 5 }), "MEMBERS"],
      [enc({ ...good, extra: "x" }), "MEMBERS"],
      [enc({ ...good, scheme: "SIGNATURE_SCHEME_TK_API_ED25519" }), "UNKNOWN_SCHEME"],
      [enc({ ...good, publicKey: `02${"ff".repeat(32)}` }), "BAD_PUBLIC_KEY"],
      [enc({ ...good, publicKey: "zz" }), "BAD_PUBLIC_KEY"],
      [enc({ ...good, signature: "zz" }), "BAD_SIGNATURE"],
      [enc({ ...good, signature: raw }), "BAD_SIGNATURE"],
      [enc({ ...good, signature: "3000" }), "BAD_SIGNATURE"],
    ];
    for (const [header, reason] of cases)
      expect([header.slice(0, 20), reasonOf(header)]).toEqual([header.slice(0, 20), reason]);
    expect(parseStamp(enc(good)).publicKey).toBe(k.publicKeyHex);
  });
});
