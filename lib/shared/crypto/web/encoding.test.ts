import { describe, expect, it } from "vitest";
import {
  base64urlDecode,
  base64urlEncode,
  bytesToHex,
  hexToBytes,
  sha256Hex,
  utf8Decode,
  utf8Encode,
} from "./encoding";

describe("hex", () => {
  it("emits lowercase and round-trips", () => {
    const bytes = new Uint8Array([0, 1, 0xab, 0xff]);
    expect(bytesToHex(bytes)).toBe("0001abff");
    expect(hexToBytes("0001ABff")).toEqual(bytes);
  });
  it.each([[""], ["abc"], ["zz"], ["0x00"], [" 00"]])("rejects %j", (bad) => {
    expect(() => hexToBytes(bad)).toThrow(/hex/);
  });
});

describe("base64url", () => {
  it("encodes without padding and decodes padded or unpadded input", () => {
    const bytes = new Uint8Array([0xfb, 0xff, 0xfe, 0x01]);
    expect(base64urlEncode(bytes)).toBe("-__-AQ");
    expect(base64urlDecode("-__-AQ")).toEqual(bytes);
    expect(base64urlDecode("-__-AQ==")).toEqual(bytes);
  });
  it.each([["+//+AQ"], ["a b"], ["-__-AQ="], ["A"]])("rejects %j", (bad) => {
    expect(() => base64urlDecode(bad)).toThrow();
  });
});

describe("utf8 and sha256", () => {
  it("round-trips UTF-8 and rejects invalid UTF-8", () => {
    expect(utf8Decode(utf8Encode("héllo ✓"))).toBe("héllo ✓");
    expect(() => utf8Decode(new Uint8Array([0xc3, 0x28]))).toThrow();
  });
  it("matches the FIPS 180-2 'abc' vector for strings and bytes", () => {
    const abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
    expect(sha256Hex("abc")).toBe(abc);
    expect(sha256Hex(new Uint8Array([0x61, 0x62, 0x63]))).toBe(abc);
  });
});
