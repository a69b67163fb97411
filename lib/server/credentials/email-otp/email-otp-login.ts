import { invalidInput } from "@/lib/server/core/validation";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { reply } from "@/lib/server/core/reply";
import { formatId } from "@/lib/shared/ids";
import { RATE_LIMITS, consumeRateLimit } from "@/lib/server/rate-limit/consume-rate-limit";
import { createSessionForKey } from "@/lib/server/sessions/create-session";
import type { SignedOperation } from "@/lib/server/signed-retry/signed-operation";
import type { VerifyCredentialBody } from "../credential.contract";
import { findCredentialOrThrow } from "../find-credential";
import { checkOtp } from "./check-otp";
import type { OtpChannel } from "./otp-channel";

export interface EmailOtpLoginInput {
  platform: PlatformPrincipal;
  credentialId: string;
  body: VerifyCredentialBody;
}

type Ctx = { publicKey: string };

async function otpCredential(
  db: Parameters<typeof findCredentialOrThrow>[0],
  type: OtpChannel["type"],
  input: EmailOtpLoginInput,
) {
  const credential = await findCredentialOrThrow(db, input.platform.id, input.credentialId);
  if (credential.type !== type) {
    throw invalidInput(
      [
        {
          field: "type",
          constraint: { enum: [credential.type] },
          message: `expected ${credential.type}, received ${type}`,
        },
      ],
      `The body's type ${type} does not match the credential's type ${credential.type}`,
    );
  }
  return credential;
}

/**
 * EMAIL_OTP verify (spec steps 3–5): the first leg checks the OTP and binds the sealed public key as
 * the only allowed signer; the signed retry creates the session for that key.
 */
export const otpLoginOperation = (channel: OtpChannel): SignedOperation<EmailOtpLoginInput, Ctx> => ({
  name: `credentials.verify.${channel.type === "EMAIL_OTP" ? "email-otp" : "sms-otp"}`,
  activityType: channel.loginActivity,
  async prepare(input, db) {
    const credential = await otpCredential(db, channel.type, input);
    if (input.body.type !== channel.type) throw new Error(`${channel.type} login given another body type`);
    await consumeRateLimit(`verify:${credential.id}`, RATE_LIMITS.verify, "verify attempts for this credential");
    const publicKey = await checkOtp(db, credential.id, input.body.encryptedOtpBundle);
    return {
      accountId: credential.accountId,
      credentialType: channel.type,
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
    await otpCredential(db, channel.type, input);
  },
  async execute(tx, input, context) {
    const credential = await otpCredential(tx, channel.type, input);
    const session = await createSessionForKey(
      tx,
      {
        platform: input.platform,
        accountId: credential.accountId,
        authMethodId: credential.id,
        type: channel.type,
        nickname: credential.nickname,
      },
      context.publicKey,
    );
    return reply(200, session);
  },
});
