import { describe, expect, it } from "vitest";
import { decryptAtRest, encryptAtRest } from "./at-rest";
import { base64urlDecode, base64urlEncode, utf8Decode, utf8Encode } from "./encoding";

const key = crypto.getRandomValues(new Uint8Array(32));

describe("at-rest encryption (AES-256-GCM)", () => {
  it("round-trips with the v1.<iv>.<ct‖tag> format and a fresh IV each time", async () => {
    const a = await encryptAtRest(key, utf8Encode("secret scalar"));
    const b = await encryptAtRest(key, utf8Encode("secret scalar"));
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(base64urlDecode(a.split(".")[2]!)).toHaveLength(13 + 16);
    expect(utf8Decode(await decryptAtRest(key, a))).toBe("secret scalar");
  });
  it("binds the AAD", async () => {
    const s = await encryptAtRest(key, utf8Encode("x"), "row:1");
    expect(utf8Decode(await decryptAtRest(key, s, "row:1"))).toBe("x");
    await expect(decryptAtRest(key, s, "row:2")).rejects.toThrow(/decryption failed/);
    await expect(decryptAtRest(key, s)).rejects.toThrow(/decryption failed/);
  });
  it("fails on a wrong key, a flipped byte, a malformed value, a short key", async () => {
    const s = await encryptAtRest(key, utf8Encode("x"));
    await expect(decryptAtRest(crypto.getRandomValues(new Uint8Array(32)), s)).rejects.toThrow(/decryption failed/);
    const [v, iv, ct] = s.split(".");
    const bytes = base64urlDecode(ct!);
    bytes[0] ^= 1;
    await expect(decryptAtRest(key, `${v}.${iv}.${base64urlEncode(bytes)}`)).rejects.toThrow(/decryption failed/);
    await expect(decryptAtRest(key, "v2.a.b")).rejects.toThrow(/expected "v1/);
    await expect(decryptAtRest(key, "v1.!!.b")).rejects.toThrow(/base64url/);
    await expect(encryptAtRest(new Uint8Array(16), utf8Encode("x"))).rejects.toThrow(/32-byte key/);
  });
});
