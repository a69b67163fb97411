import { describe, expect, it } from "vitest";
import { bytesToHex, hexToBytes, utf8Decode, utf8Encode } from "./encoding";
import { verifyEnclaveBundle } from "./enclave-bundle";
import { hpkeOpen, hpkeSeal } from "./hpke";
import { makeOtpTargetBundle, openOtpBundle, OtpBundleError, sealOtpBundle } from "./otp-bundle";
import { generateP256KeyPair } from "./p256";

function setup() {
  const enclave = generateP256KeyPair();
  const target = generateP256KeyPair();
  const session = generateP256KeyPair();
  const targetBundle = makeOtpTargetBundle({
    targetPublicHex: target.publicKeyHex,
    organizationId: "Platform:0193",
    userId: "InternalAccount:0193",
    signingPrivateKeyHex: enclave.privateKeyHex,
  });
  return { enclave, target, session, targetBundle };
}

async function sealRaw(targetPublicHex: string, plaintext: string): Promise<string> {
  const s = await hpkeSeal({ recipientPublicKeyHex: targetPublicHex, plaintext: utf8Encode(plaintext) });
  return JSON.stringify({ encappedPublic: bytesToHex(s.encappedPublic), ciphertext: bytesToHex(s.ciphertext) });
}

describe("OTP target bundle", () => {
  it("carries the uncompressed target key, organization and user, in that order", () => {
    const { enclave, target, targetBundle } = setup();
    const data = verifyEnclaveBundle(targetBundle, enclave.publicKeyUncompressedHex);
    expect(Object.keys(data)).toEqual(["targetPublic", "organizationId", "userId"]);
    expect(data).toEqual({
      targetPublic: target.publicKeyUncompressedHex,
      organizationId: "Platform:0193",
      userId: "InternalAccount:0193",
    });
  });
});

describe("encryptedOtpBundle", () => {
  it("seals {otp_code, public_key} compactly and opens to the code and compressed session key", async () => {
    const { enclave, target, session, targetBundle } = setup();
    const bundle = await sealOtpBundle({
      otpCode: "000000",
      sessionPublicKeyHex: session.publicKeyUncompressedHex,
      targetBundle,
      pinnedEnclavePublicHex: enclave.publicKeyUncompressedHex,
    });
    const outer = JSON.parse(bundle);
    expect(Object.keys(outer)).toEqual(["encappedPublic", "ciphertext"]);
    expect(outer.encappedPublic).toMatch(/^04[0-9a-f]{128}$/);
    // 6-digit code + compressed key: 103-byte plaintext, 119-byte ciphertext (crypto-format-facts §3).
    expect(outer.ciphertext).toHaveLength(238);
    const plain = await hpkeOpen({
      recipientPrivateKeyHex: target.privateKeyHex,
      encappedPublic: hexToBytes(outer.encappedPublic),
      ciphertext: hexToBytes(outer.ciphertext),
    });
    expect(utf8Decode(plain)).toBe(JSON.stringify({ otp_code: "000000", public_key: session.publicKeyHex }));
    expect(await openOtpBundle({ encryptedOtpBundle: bundle, targetPrivateKeyHex: target.privateKeyHex })).toEqual({
      otp_code: "000000",
      public_key: session.publicKeyHex,
    });
  });
  it("refuses to seal to a bundle not signed by the pinned key", async () => {
    const { session, targetBundle } = setup();
    await expect(
      sealOtpBundle({
        otpCode: "1",
        sessionPublicKeyHex: session.publicKeyHex,
        targetBundle,
        pinnedEnclavePublicHex: generateP256KeyPair().publicKeyHex,
      }),
    ).rejects.toThrow(/expected enclaveQuorumPublic/);
  });
  it("does not open with another target key or after a flipped byte", async () => {
    const { enclave, target, session, targetBundle } = setup();
    const bundle = await sealOtpBundle({
      otpCode: "123456",
      sessionPublicKeyHex: session.publicKeyHex,
      targetBundle,
      pinnedEnclavePublicHex: enclave.publicKeyHex,
    });
    await expect(
      openOtpBundle({ encryptedOtpBundle: bundle, targetPrivateKeyHex: generateP256KeyPair().privateKeyHex }),
    ).rejects.toMatchObject({ reason: "DECRYPTION_FAILED" });
    const outer = JSON.parse(bundle);
    const ct = hexToBytes(outer.ciphertext);
    ct[5] ^= 0x80;
    await expect(
      openOtpBundle({
        encryptedOtpBundle: JSON.stringify({ ...outer, ciphertext: bytesToHex(ct) }),
        targetPrivateKeyHex: target.privateKeyHex,
      }),
    ).rejects.toMatchObject({ reason: "DECRYPTION_FAILED" });
  });
  it.each([
    ["empty", ""],
    ["not JSON", "{"],
    ["an array", "[]"],
    ["null", "null"],
    ["missing ciphertext", JSON.stringify({ encappedPublic: `04${"11".repeat(64)}` })],
    ["bad enc", JSON.stringify({ encappedPublic: "04zz", ciphertext: "00".repeat(20) })],
    ["enc off curve", JSON.stringify({ encappedPublic: `04${"00".repeat(64)}`, ciphertext: "00".repeat(20) })],
    ["ciphertext not hex", JSON.stringify({ encappedPublic: `02${"ff".repeat(32)}`, ciphertext: "xyz" })],
    ["ciphertext number", JSON.stringify({ encappedPublic: `04${"11".repeat(64)}`, ciphertext: 5 })],
    ["huge", "x".repeat(5000)],
  ])("rejects a malformed bundle (%s) with a clear error", async (_name, encryptedOtpBundle) => {
    const { target } = setup();
    const err = await openOtpBundle({ encryptedOtpBundle, targetPrivateKeyHex: target.privateKeyHex }).catch((e) => e);
    expect(err).toBeInstanceOf(OtpBundleError);
    expect(err.reason).toBe("MALFORMED");
    expect(err.message).toMatch(/^encryptedOtpBundle: expected/);
  });
  it.each([
    ["not JSON", "otp"],
    ["array", "[]"],
    ["missing code", JSON.stringify({ public_key: "x" })],
    ["numeric code", JSON.stringify({ otp_code: 123456, public_key: "x" })],
    ["uncompressed public_key", "UNCOMPRESSED"],
    ["invalid public_key", JSON.stringify({ otp_code: "000000", public_key: `02${"ff".repeat(32)}` })],
  ])("rejects a sealed plaintext that is wrong (%s)", async (_name, plaintext) => {
    const { target, session } = setup();
    const text =
      plaintext === "UNCOMPRESSED"
        ? JSON.stringify({ otp_code: "000000", public_key: session.publicKeyUncompressedHex })
        : plaintext;
    const err = await openOtpBundle({
      encryptedOtpBundle: await sealRaw(target.publicKeyHex, text),
      targetPrivateKeyHex: target.privateKeyHex,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(OtpBundleError);
    expect(err.reason).toBe("BAD_PLAINTEXT");
  });
});
