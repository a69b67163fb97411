import { z } from "zod";
import { customerIdParams, customerSchema } from "@/lib/server/customers/customer.contract";
import { defineOperation } from "@/lib/server/core/operation";
import { errorResponses } from "@/lib/server/core/common.contract";

const tags = ["Contact Verification"];
const confirmBody = z.object({ code: z.string().regex(/^\d{6}$/, "6 digits") });
const RULES =
  "Only for customers whose region (else address country) is in the EEA, Switzerland or the UK; others, a channel the customer lacks, or one already verified → 409. Sandbox: the code is always 123456 and nothing is sent. A code lives 10 minutes and allows 5 attempts; sending again replaces it (1 per 30 s, 10 per hour).";

function pair(channel: "email" | "phone", name: "Email" | "Phone", via: string) {
  return {
    send: defineOperation({
      operationId: `sendCustomer${name}Verification`,
      method: "POST",
      path: `/customers/{customerId}/verify-${channel}`,
      summary: `Send ${channel === "email" ? "an email" : "a phone"} verification code to a customer`,
      description: `Sends (or resends) a one-time code ${via}. ${RULES}`,
      tags,
      auth: "platform",
      access: { permission: "MANAGE", changesState: true },
      params: customerIdParams,
      responses: { 204: { description: "Verification code sent" }, ...errorResponses(401, 404, 409, 429, 503) },
    }),
    confirm: defineOperation({
      operationId: `confirmCustomer${name}Verification`,
      method: "POST",
      path: `/customers/{customerId}/verify-${channel}/confirm`,
      summary: `Confirm a customer's ${channel} verification code`,
      description: `On success \`contactVerification.${channel}\` becomes VERIFIED. A wrong, expired or exhausted code → 400. ${RULES}`,
      tags,
      auth: "platform",
      access: { permission: "MANAGE", changesState: true },
      params: customerIdParams,
      body: confirmBody,
      responses: {
        200: { description: "The customer", schema: customerSchema },
        ...errorResponses(400, 401, 404, 409),
      },
    }),
  };
}

const email = pair("email", "Email", "to the customer's email over SMTP");
const phone = pair("phone", "Phone", "by SMS through the SMS gateway (SMS_URL)");
export const sendEmailVerificationOp = email.send;
export const confirmEmailVerificationOp = email.confirm;
export const sendPhoneVerificationOp = phone.send;
export const confirmPhoneVerificationOp = phone.confirm;
