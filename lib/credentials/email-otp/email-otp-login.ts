import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { ApiError } from "@/lib/api-core/errors";
import { reply } from "@/lib/api-core/reply";
import { formatId } from "@/lib/ids";
import { RATE_LIMITS, consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { createSessionForKey } from "@/lib/sessions/create-session";
import type { SignedOperation } from "@/lib/signed-retry/signed-operation";
import type { VerifyCredentialBody } from "../credential.contract";
import { findCredentialOrThrow } from "../find-credential";
import { checkOtp } from "./check-otp";

export interface EmailOtpLoginInput {
  platform: PlatformPrincipal;
  credentialId: string;
  body: VerifyCredentialBody;
}

type Ctx = { publicKey: string };

async function emailOtpCredential(db: Parameters<typeof findCredentialOrThrow>[0], input: EmailOtpLoginInput) {
  const credential = await findCredentialOrThrow(db, input.platform.id, input.credentialId);
  if (credential.type !== "EMAIL_OTP") {
    throw new ApiError("INVALID_INPUT", `The body's type EMAIL_OTP does not match the credential's type ${credential.type}`, {
      errors: [{ field: "type", constraint: { enum: [credential.type] }, message: `expected ${credential.type}, received EMAIL_OTP` }],
    });
  }
  return credential;
}

/**
 * EMAIL_OTP verify (spec steps 3–5): the first leg checks the OTP and binds the sealed public key as
 * the only allowed signer; the signed retry creates the session for that key.
 */
export const emailOtpLoginOperation: SignedOperation<EmailOtpLoginInput, Ctx> = {
  name: "credentials.verify.email-otp",
  activityType: "ACTIVITY_TYPE_EMAIL_OTP_LOGIN",
  async prepare(input, db) {
    const credential = await emailOtpCredential(db, input);
    if (input.body.type !== "EMAIL_OTP") throw new Error("EMAIL_OTP login given another body type");
    await consumeRateLimit(`verify:${credential.id}`, RATE_LIMITS.verify, "verify attempts for this credential");
    const publicKey = await checkOtp(db, credential.id, input.body.encryptedOtpBundle);
    return {
      accountId: credential.accountId,
      credentialType: "EMAIL_OTP",
      parameters: {
        accountId: formatId("InternalAccount", credential.accountId),
        credentialId: formatId("AuthMethod", credential.id),
        publicKey,
      },
      signer: { kind: "KEY", publicKey },
      context: { publicKey },
    };
  },
  async recheck(input, _context, db) {
    await emailOtpCredential(db, input);
  },
  async execute(tx, input, context) {
    const credential = await emailOtpCredential(tx, input);
    const session = await createSessionForKey(
      tx,
      { platform: input.platform, accountId: credential.accountId, authMethodId: credential.id, type: "EMAIL_OTP", nickname: credential.nickname },
      context.publicKey,
    );
    return reply(200, session);
  },
};
