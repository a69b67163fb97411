import { randomInt, timingSafeEqual } from "node:crypto";
import { keyedDigest } from "@/lib/server/keys/keyed-digest";

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
const SANDBOX_OTP = "000000";

/** 6 digits from a CSPRNG (spec "EMAIL_OTP"); sandbox platforms always `000000`. */
export function newOtpCode(sandbox: boolean): string {
  return sandbox ? SANDBOX_OTP : String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** Keyed digest of a code, bound to its issuance id: the code itself is never stored. */
export async function otpDigest(otpId: string, code: string): Promise<string> {
  return keyedDigest("otp-code-digest/v1", `${otpId}:${code}`);
}

export async function otpMatches(otpId: string, code: string, storedDigest: string): Promise<boolean> {
  const a = Buffer.from(await otpDigest(otpId, code), "hex");
  const b = Buffer.from(storedDigest, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
