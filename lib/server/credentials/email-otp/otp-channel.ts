import type { ErrorCode } from "@/lib/server/core/errors";
import { sendMail } from "@/lib/server/mail/send-mail";
import { sendSms } from "@/lib/server/sms/send-sms";

/**
 * What differs between the two OTP credential types (EMAIL_OTP, SMS_OTP); everything else (HPKE
 * target bundle, signed retry, rate limits, attempt counting, sandbox 000000) is shared.
 */
export interface OtpChannel {
  type: "EMAIL_OTP" | "SMS_OTP";
  /** The customer column the code goes to; it is also the credential's nickname. */
  contact: "email" | "phoneNumber";
  contactLabel: string;
  alreadyExists: ErrorCode;
  loginActivity: string;
  deliver(to: string, code: string): Promise<void>;
}

const text = (code: string) =>
  `Your verification code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`;

export const EMAIL_CHANNEL: OtpChannel = {
  type: "EMAIL_OTP",
  contact: "email",
  contactLabel: "email",
  alreadyExists: "EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS",
  loginActivity: "ACTIVITY_TYPE_EMAIL_OTP_LOGIN",
  deliver: (to, code) => sendMail({ to, subject: "Your verification code", text: text(code) }),
};

export const SMS_CHANNEL: OtpChannel = {
  type: "SMS_OTP",
  contact: "phoneNumber",
  contactLabel: "phone number",
  alreadyExists: "SMS_OTP_CREDENTIAL_ALREADY_EXISTS",
  loginActivity: "ACTIVITY_TYPE_SMS_OTP_LOGIN",
  deliver: (to, code) => sendSms({ to, body: text(code) }),
};
