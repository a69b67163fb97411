import { describe, expect, it } from "vitest";
import { canonicalDigest, canonicalJson } from "./canonical-json";
import { sha256Hex } from "./encoding";

describe("canonicalJson", () => {
  it("sorts keys at every depth, compact, drops undefined members", () => {
    const value = { b: 1, a: { z: [3, { y: true, x: null }], c: 'é\n"' }, u: undefined };
    expect(canonicalJson(value)).toBe('{"a":{"c":"é\\n\\"","z":[3,{"x":null,"y":true}]},"b":1}');
  });
  it("matches the payloadToSign shape of protocol.md", () => {
    const payload = {
      type: "ACTIVITY_TYPE_X",
      timestampMs: "1700000000000",
      requestId: "Request:1",
      parameters: { clientPublicKey: "02ab" },
      organizationId: "Platform:1",
    };
    expect(canonicalJson(payload)).toBe(
      '{"organizationId":"Platform:1","parameters":{"clientPublicKey":"02ab"},"requestId":"Request:1","timestampMs":"1700000000000","type":"ACTIVITY_TYPE_X"}',
    );
  });
  it("is independent of insertion order and uses JSON.stringify number/string semantics", () => {
    expect(canonicalJson({ x: 1e21, y: 0.1, z: -0, s: "\u2028" })).toBe(
      JSON.stringify({ s: "\u2028", x: 1e21, y: 0.1, z: -0 }),
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
    expect(canonicalJson([undefined, 1])).toBe("[null,1]");
    expect(canonicalJson({ d: new Date(0) })).toBe('{"d":"1970-01-01T00:00:00.000Z"}');
  });
  it("rejects values that have no JSON form", () => {
    expect(() => canonicalJson(undefined)).toThrow();
    expect(() => canonicalJson({ n: 1n })).toThrow(/BigInt/);
  });
  it("digests the canonical text", () => {
    expect(canonicalDigest({ b: 1, a: 2 })).toBe(sha256Hex('{"a":2,"b":1}'));
    expect(canonicalDigest({ b: 1, a: 2 })).not.toBe(canonicalDigest({ b: 1, a: 3 }));
  });
});
