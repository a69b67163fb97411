/** One handler per credential type, looked up by `type` (the hooks: credential-handler-types.ts). */
import type { CredentialType } from "@/lib/server/signed-retry/signed-operation";
import type { CredentialTypeHandler } from "./credential-handler-types";
import { emailOtpHandler, smsOtpHandler } from "./email-otp/email-otp-handler";
import { oauthHandler } from "./oauth/oauth-handler";
import { passkeyHandler } from "./passkey/passkey-handler";

export const credentialHandlers: Partial<Record<CredentialType, CredentialTypeHandler>> = {
  EMAIL_OTP: emailOtpHandler,
  SMS_OTP: smsOtpHandler,
  PASSKEY: passkeyHandler,
  OAUTH: oauthHandler,
};
