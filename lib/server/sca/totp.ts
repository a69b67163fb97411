import { Secret, TOTP } from "otpauth";
import { decryptAtRest, encryptAtRest } from "@/lib/shared/crypto/web/at-rest";
import { utf8Decode, utf8Encode } from "@/lib/shared/crypto/web/encoding";
import { getKeyEncryptionKey } from "@/lib/server/keys/kek";

/** RFC 6238 with the authenticator-app defaults (SHA-1, 6 digits, 30 s), via otpauth. */
export function totpFor(base32: string, label = "customer", issuer = "Payments"): TOTP {
  return new TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(base32) });
}

export function newTotpSecret(): { base32: string; hex: string } {
  const s = new Secret({ size: 20 });
  return { base32: s.base32, hex: s.hex };
}

/** The time step of a code of the current step or one step either side (clock drift), or null. */
export function totpMatchedStep(base32: string, code: string): number | null {
  const delta = totpFor(base32).validate({ token: code, window: 1 });
  return delta === null ? null : Math.floor(Date.now() / 30_000) + delta;
}

export const sealTotpSecret = async (base32: string, customerUuid: string) =>
  encryptAtRest(getKeyEncryptionKey(), utf8Encode(base32), `totp:${customerUuid}`);
export const openTotpSecret = async (sealed: string, customerUuid: string) =>
  utf8Decode(await decryptAtRest(getKeyEncryptionKey(), sealed, `totp:${customerUuid}`));
