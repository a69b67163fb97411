import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "@/lib/shared/crypto/web/canonical-json";
import { sha256Hex } from "@/lib/shared/crypto/web/encoding";
import { sha256HexNative } from "./digest";

describe("native SHA-256 agrees with the isomorphic one", () => {
  it("on the empty string, a known vector and any string (UTF-8, astral characters included)", () => {
    expect(sha256HexNative("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256HexNative("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    fc.assert(fc.property(fc.string({ unit: "grapheme" }), (s) => sha256HexNative(s) === sha256Hex(s)));
  });
  it("on canonical JSON, as a request body's digest is taken", () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => sha256HexNative(canonicalJson(v)) === sha256Hex(canonicalJson(v))));
  });
});
