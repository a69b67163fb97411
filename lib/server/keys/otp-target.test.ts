import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateP256KeyPair } from "@/lib/shared/crypto/web/p256";
import { sealOtpBundle, OtpBundleError } from "@/lib/shared/crypto/web/otp-bundle";
import { verifyEnclaveBundle } from "@/lib/shared/crypto/web/enclave-bundle";

// Configuration-provided keys: no database or key file is touched by this unit test.
const enclave = generateP256KeyPair();
let mod: typeof import("./otp-target");

beforeAll(async () => {
  process.env.ENCLAVE_SIGNING_KEY = enclave.privateKeyHex;
  process.env.KEY_ENCRYPTION_KEY = "5a".repeat(32);
  mod = await import("./otp-target");
});
afterAll(() => {
  delete process.env.ENCLAVE_SIGNING_KEY;
  delete process.env.KEY_ENCRYPTION_KEY;
});

describe("OTP target keys", () => {
  it("issues a signed bundle with a fresh target and opens the client's bundle once decrypted", async () => {
    const a = await mod.issueOtpTarget({ organizationId: "Platform:1", userId: "InternalAccount:1", binding: "otp:1" });
    const b = await mod.issueOtpTarget({ organizationId: "Platform:1", userId: "InternalAccount:1", binding: "otp:2" });
    expect(a.targetPublicHex).not.toBe(b.targetPublicHex);
    const data = verifyEnclaveBundle(a.otpEncryptionTargetBundle, enclave.publicKeyUncompressedHex);
    expect(data).toEqual({
      targetPublic: a.targetPublicHex,
      organizationId: "Platform:1",
      userId: "InternalAccount:1",
    });
    expect(a.encryptedTargetPrivateKey).toMatch(/^v1\./);

    const session = generateP256KeyPair();
    const encryptedOtpBundle = await sealOtpBundle({
      otpCode: "000000",
      sessionPublicKeyHex: session.publicKeyHex,
      targetBundle: a.otpEncryptionTargetBundle,
      pinnedEnclavePublicHex: enclave.publicKeyUncompressedHex,
    });
    expect(
      await mod.openOtpAttempt({
        encryptedOtpBundle,
        encryptedTargetPrivateKey: a.encryptedTargetPrivateKey,
        binding: "otp:1",
      }),
    ).toEqual({
      otp_code: "000000",
      public_key: session.publicKeyHex,
    });
    // Another OTP's target key, or the right key moved to another row, does not open it.
    await expect(
      mod.openOtpAttempt({
        encryptedOtpBundle,
        encryptedTargetPrivateKey: b.encryptedTargetPrivateKey,
        binding: "otp:2",
      }),
    ).rejects.toBeInstanceOf(OtpBundleError);
    await expect(
      mod.openOtpAttempt({
        encryptedOtpBundle,
        encryptedTargetPrivateKey: a.encryptedTargetPrivateKey,
        binding: "otp:2",
      }),
    ).rejects.toThrow(/at-rest: decryption failed/);
  });
});
