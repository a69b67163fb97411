import { generateP256KeyPair } from "@/lib/shared/crypto/web/p256";
import { makeOtpTargetBundle, openOtpBundle, type OtpBundlePlaintext } from "@/lib/shared/crypto/web/otp-bundle";
import { getEnclaveSigningKey } from "./enclave-key";
import { decryptPrivateKey, encryptPrivateKey } from "./private-key-at-rest";

/**
 * OTP target keys (protocol.md "otpEncryptionTargetBundle"): a fresh P-256 pair per issuance; the
 * bundle carrying its public half is signed by the enclave key; the private half is returned only
 * encrypted under the KEK (bound to `binding`) for the caller to store, and must be deleted after
 * one use or expiry (single use is the caller's row state).
 */
export async function issueOtpTarget(args: {
  organizationId: string;
  userId: string;
  binding: string;
}): Promise<{ otpEncryptionTargetBundle: string; encryptedTargetPrivateKey: string; targetPublicHex: string }> {
  const target = generateP256KeyPair();
  const enclave = await getEnclaveSigningKey();
  return {
    otpEncryptionTargetBundle: makeOtpTargetBundle({
      targetPublicHex: target.publicKeyUncompressedHex,
      organizationId: args.organizationId,
      userId: args.userId,
      signingPrivateKeyHex: enclave.privateKeyHex,
    }),
    encryptedTargetPrivateKey: await encryptPrivateKey(target.privateKeyHex, args.binding),
    targetPublicHex: target.publicKeyUncompressedHex,
  };
}

/** Decrypts the stored target key and opens the client's `encryptedOtpBundle` (throws OtpBundleError). */
export async function openOtpAttempt(args: {
  encryptedOtpBundle: string;
  encryptedTargetPrivateKey: string;
  binding: string;
}): Promise<OtpBundlePlaintext> {
  const targetPrivateKeyHex = await decryptPrivateKey(args.encryptedTargetPrivateKey, args.binding);
  return openOtpBundle({ encryptedOtpBundle: args.encryptedOtpBundle, targetPrivateKeyHex });
}
