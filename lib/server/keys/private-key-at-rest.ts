import { decryptAtRest, encryptAtRest } from "@/lib/shared/crypto/web/at-rest";
import { bytesToHex } from "@/lib/shared/crypto/web/encoding";
import { privateKeyBytes } from "@/lib/shared/crypto/web/p256";
import { getKeyEncryptionKey } from "./kek";

/**
 * A P-256 private scalar at rest: AES-256-GCM under the KEK, bound by AAD to where it is stored
 * (`binding`, for example `otp_challenges:<uuid>`), so a value copied to another row does not open.
 */
export async function encryptPrivateKey(privateKeyHex: string, binding: string): Promise<string> {
  return encryptAtRest(getKeyEncryptionKey(), privateKeyBytes(privateKeyHex), binding);
}

export async function decryptPrivateKey(encrypted: string, binding: string): Promise<string> {
  return bytesToHex(await decryptAtRest(getKeyEncryptionKey(), encrypted, binding));
}
