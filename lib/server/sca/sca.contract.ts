import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { errorResponses } from "@/lib/server/core/common.contract";

const SCA_FACTORS = ["SMS_OTP", "TOTP", "PASSKEY"] as const;
const factor = z.enum(SCA_FACTORS);
const tags = ["Strong Customer Authentication"];
const customerQuery = z.object({ customerId: z.string().min(1).max(100) });
const ONLY_EU =
  "Only for customers whose region (else address country) is in the EEA, Switzerland or the UK; others → 409. Sandbox codes are always 123456.";

const scaFactorListSchema = z.object({
  factors: z.array(z.object({ factor, credentialId: z.string().optional(), name: z.string().optional() })),
});

export const listScaFactorsOp = defineOperation({
  operationId: "listScaFactors",
  method: "GET",
  path: "/sca/factors",
  summary: "List a customer's SCA factors",
  description: `SMS_OTP is listed once the customer's phone is verified; TOTP once enrolled. ${ONLY_EU}`,
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  query: customerQuery,
  responses: {
    200: { description: "The enrolled factors", schema: scaFactorListSchema },
    ...errorResponses(400, 401, 404, 409),
  },
});

const totpEnrollmentStartSchema = z.object({
  type: z.literal("TOTP"),
  secret: z.string(),
  secretBase32Encoded: z.string(),
  totpUri: z.string(),
});
const passkeyEnrollmentStartSchema = z.object({
  type: z.literal("PASSKEY"),
  options: z
    .record(z.string(), z.unknown())
    .describe("WebAuthn PublicKeyCredentialCreationOptions (JSON): pass to navigator.credentials.create"),
  allowedOrigins: z.array(z.string()),
  relyingPartyId: z.string(),
});
const webauthnJson = z.record(z.string(), z.unknown());

export const startScaFactorEnrollmentOp = defineOperation({
  operationId: "startScaFactorEnrollment",
  method: "POST",
  path: "/sca/factors",
  summary: "Start enrolling an SCA factor",
  description:
    "TOTP (RFC 6238, SHA-1, 6 digits, 30 s): a fresh secret and its otpauth:// URI; confirm with the first code. " +
    `PASSKEY: WebAuthn registration options under the platform's wallet RP settings (webauthn.rpId, webauthn.origins), valid 5 minutes. ${ONLY_EU}`,
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  query: customerQuery,
  body: z.discriminatedUnion("type", [z.object({ type: z.literal("TOTP") }), z.object({ type: z.literal("PASSKEY") })]),
  responses: {
    200: {
      description: "The enrollment material",
      schema: z.discriminatedUnion("type", [totpEnrollmentStartSchema, passkeyEnrollmentStartSchema]),
    },
    ...errorResponses(400, 401, 404, 409),
  },
});

const scaFactorViewSchema = z.object({
  factor,
  credentialId: z.string().optional(),
  name: z.string().optional(),
});

export const confirmScaFactorEnrollmentOp = defineOperation({
  operationId: "confirmScaFactorEnrollment",
  method: "POST",
  path: "/sca/factors/confirm",
  summary: "Confirm an SCA factor enrollment",
  description:
    "TOTP: echo the started `secret` and the first code; returns one-time recovery codes (shown once; stored as keyed digests). " +
    `PASSKEY: the browser's registration credential (JSON) and the origin it was made on; checked with @simplewebauthn/server. ${ONLY_EU}`,
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  query: customerQuery,
  body: z.discriminatedUnion("type", [
    z.object({
      type: z.literal("TOTP"),
      secret: z.string().min(1).max(200),
      code: z.string().regex(/^\d{6}$/, "6 digits"),
    }),
    z.object({ type: z.literal("PASSKEY"), origin: z.string().min(1).max(300), credential: webauthnJson }),
  ]),
  responses: {
    200: {
      description: "The recovery codes (TOTP) or the enrolled passkey factor",
      schema: z.discriminatedUnion("type", [
        z.object({ type: z.literal("TOTP"), recoveryCodes: z.array(z.string()) }),
        z.object({ type: z.literal("PASSKEY"), factor: scaFactorViewSchema }),
      ]),
    },
    ...errorResponses(400, 401, 404, 409),
  },
});

export const deleteScaFactorOp = defineOperation({
  operationId: "deleteScaFactor",
  method: "DELETE",
  path: "/sca/factors/{credentialId}",
  summary: "Delete an enrolled SCA factor",
  description: `A PASSKEY factor by its credentialId (the only factors with one); unknown → 404 SCA_FACTOR_NOT_FOUND. ${ONLY_EU}`,
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params: z.object({ credentialId: z.string().min(1).max(1400) }),
  query: customerQuery,
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 404, 409) },
});

const resetParams = z.object({ resetId: z.string().min(1).max(100) });
const twoFactorResetStatusSchema = z.object({
  status: z.enum(["INITIATED", "PENDING_REVIEW", "LIVENESS_PASSED", "COMPLETED", "REJECTED", "EXPIRED"]),
  factor,
  enrollmentStatus: z.enum(["PENDING", "COMPLETED"]).nullable().optional(),
  expiresAt: z.string(),
  completedAt: z.string().nullable().optional(),
});
const RESET_NOTE =
  "Liveness: sandbox resets pass at once (LIVENESS_PASSED); production resets stay INITIATED until a liveness provider decides " +
  "(lib/server/sca/liveness-provider.ts; none is plugged in). A reset lives 30 minutes; at most 5 starts per customer per 24 h (429).";

export const startTwoFactorResetOp = defineOperation({
  operationId: "startTwoFactorReset",
  method: "POST",
  path: "/sca/factors/reset",
  summary: "Start a 2FA reset",
  description: `Recover a lost enrolled factor. ${RESET_NOTE} ${ONLY_EU}`,
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  query: customerQuery,
  body: z.object({ factor }),
  responses: {
    201: {
      description: "The reset handle",
      schema: z.object({
        resetId: z.string(),
        livenessAccessToken: z.string().nullable().optional(),
        verificationLink: z.string().nullable().optional(),
        expiresAt: z.string().nullable().optional(),
      }),
    },
    ...errorResponses(400, 401, 404, 409, 429),
  },
});

export const getTwoFactorResetStatusOp = defineOperation({
  operationId: "getTwoFactorResetStatus",
  method: "GET",
  path: "/sca/factors/reset/{resetId}",
  summary: "Get 2FA reset status",
  description: `${RESET_NOTE} enrollmentStatus (TOTP, PASSKEY, once COMPLETED): PENDING until a new factor of that kind is enrolled. ${ONLY_EU}`,
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  params: resetParams,
  query: customerQuery,
  responses: {
    200: { description: "The reset status", schema: twoFactorResetStatusSchema },
    ...errorResponses(401, 404, 409),
  },
});

export const completeTwoFactorResetOp = defineOperation({
  operationId: "completeTwoFactorReset",
  method: "POST",
  path: "/sca/factors/reset/{resetId}/complete",
  summary: "Complete a 2FA reset",
  description:
    "Once LIVENESS_PASSED (else 400): clears the lost factor (TOTP secret and recovery codes, or every SCA passkey); an SMS_OTP reset needs " +
    `\`mobile\` and makes it the customer's verified phone number. ${ONLY_EU}`,
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params: resetParams,
  query: customerQuery,
  body: z.object({
    mobile: z
      .object({ countryCode: z.string().regex(/^\+\d{1,4}$/), number: z.string().regex(/^\d{4,14}$/) })
      .optional(),
  }),
  bodyOptional: true,
  responses: { 204: { description: "Reset completed" }, ...errorResponses(400, 401, 404, 409) },
});

const scaLoginStartSchema = z.object({
  factor,
  challengeId: z.string().nullable().optional(),
  expiresAt: z.string().nullable().optional(),
  passkeyOptions: z.record(z.string(), z.unknown()).nullable().optional(),
  allowedOrigins: z.array(z.string()).nullable().optional(),
  relyingPartyId: z.string().nullable().optional(),
});

export const startScaLoginOp = defineOperation({
  operationId: "startScaLogin",
  method: "POST",
  path: "/sca/login/start",
  summary: "Start an SCA login",
  description: `SMS_OTP (needs a verified phone) sends a code and returns \`challengeId\` + \`expiresAt\`; TOTP (needs enrollment) returns only the factor; PASSKEY (needs an enrolled passkey) returns WebAuthn \`passkeyOptions\`, \`allowedOrigins\`, \`relyingPartyId\`. ${ONLY_EU}`,
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  query: customerQuery,
  body: z.object({ factor }),
  responses: {
    200: { description: "Factor-specific material", schema: scaLoginStartSchema },
    ...errorResponses(400, 401, 404, 409, 423, 503),
  },
});

export const completeScaLoginOp = defineOperation({
  operationId: "completeScaLogin",
  method: "POST",
  path: "/sca/login/complete",
  summary: "Complete an SCA login",
  description: `A correct code opens an SCA session of 180 days (\`sessionExpiresAt\`). A wrong code → 400 and counts as a failed login: the fifth locks SCA login for 15 minutes (423 ACCOUNT_LOCKED with \`details.lockedUntil\`). ${ONLY_EU}`,
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  query: customerQuery,
  body: z.object({
    factor,
    endUserIpAddress: z.string().min(2).max(45),
    challengeId: z.string().max(100).nullable().optional(),
    code: z.string().max(20).nullable().optional(),
    passkeyAssertion: z.record(z.string(), z.unknown()).nullable().optional(),
    origin: z.string().max(300).nullable().optional(),
  }),
  responses: {
    200: {
      description: "The session status",
      schema: z.object({ status: z.string(), sessionExpiresAt: z.string().nullable().optional() }),
    },
    ...errorResponses(400, 401, 404, 409, 423),
  },
});

const SECURITY_EVENTS = ["RESET_PASSWORD_COMPLETED", "FAILED_LOGIN_ATTEMPT"] as const;

export const recordSecurityEventOp = defineOperation({
  operationId: "recordSecurityEvent",
  method: "POST",
  path: "/sca/record-event",
  summary: "Record a security event",
  description: `FAILED_LOGIN_ATTEMPT counts like a failed SCA login (5 → locked 15 minutes; while locked → 423). RESET_PASSWORD_COMPLETED revokes the SCA session and clears the counter and the lock. ${ONLY_EU}`,
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  query: customerQuery,
  body: z.object({ eventType: z.enum(SECURITY_EVENTS) }),
  responses: {
    200: {
      description: "The customer's login-security state",
      schema: z.object({
        eventType: z.enum(SECURITY_EVENTS),
        suspended: z.boolean(),
        lockedUntil: z.string().nullable(),
        failedAttempts: z.number().int(),
      }),
    },
    ...errorResponses(400, 401, 404, 409, 423),
  },
});

/** Grid's ScaChallenge: the challenge a quote or a beneficiary change must satisfy now. */
export const scaChallengeSchema = z.object({
  id: z.string().describe("ScaChallenge:<uuid>"),
  expiresAt: z.string().describe("After this the challenge can no longer be satisfied (5 minutes)"),
  factor,
  availableFactors: z.array(factor),
  purpose: z.string().nullable().optional(),
  passkeyAssertionOptions: z
    .record(z.string(), z.unknown())
    .nullable()
    .optional()
    .describe("WebAuthn request options; PASSKEY only"),
  passkeyAllowedOrigins: z.array(z.string()).nullable().optional(),
});

const proofFields = {
  code: z.string().max(20).nullable().optional().describe("SMS_OTP / TOTP code; sandbox 123456"),
  passkeyAssertion: z
    .record(z.string(), z.unknown())
    .nullable()
    .optional()
    .describe("The browser's PublicKeyCredential JSON (PASSKEY)"),
  origin: z
    .string()
    .max(300)
    .nullable()
    .optional()
    .describe("The origin the assertion was produced on; one of the platform's webauthn.origins"),
};

/** Grid's ScaAuthorization (the proof of a quote's challenge). */
export const scaAuthorizationSchema = z.object({
  ...proofFields,
  endUserIpAddress: z.string().max(45).nullable().optional(),
});
const beneficiaryTrustConfirmRequestSchema = z.object({
  challengeId: z.string().max(100).nullable().optional(),
  ...proofFields,
});

const trustParams = z.object({ externalAccountId: z.string().min(1).max(100) });
const TRUST_NOTE =
  "The challenge goes to the beneficiary's customer (SMS_OTP when the phone is verified, else TOTP, else PASSKEY); a customer with no factor → 409. " +
  "A trusted beneficiary skips the per-quote SCA challenge; a trusted external account cannot be deleted (409 BENEFICIARY_TRUSTED). " +
  "A wrong proof counts as a failed SCA attempt (the fifth locks for 15 minutes: 423 ACCOUNT_LOCKED). " +
  ONLY_EU;

function trustOps(action: "trust" | "untrust") {
  const cap = action === "trust" ? "Trust" : "Untrust";
  const base = `/customers/external-accounts/{externalAccountId}/${action}`;
  return {
    start: defineOperation({
      operationId: `startBeneficiary${cap}`,
      method: "POST",
      path: base,
      summary: `Start ${action}ing a beneficiary`,
      description: `Issues the SCA challenge; finish with POST ${base}/confirm. ${TRUST_NOTE}`,
      tags,
      auth: "platform",
      access: { permission: "MANAGE", changesState: true },
      params: trustParams,
      responses: {
        200: { description: "The SCA challenge", schema: z.object({ scaChallenge: scaChallengeSchema.optional() }) },
        ...errorResponses(400, 401, 404, 409, 423, 429, 503),
      },
    }),
    confirm: defineOperation({
      operationId: `confirmBeneficiary${cap}`,
      method: "POST",
      path: `${base}/confirm`,
      summary: `Confirm ${action}ing a beneficiary`,
      description: `The proof of the open challenge (\`challengeId\` optional: the newest open one). Returns \`trusted\`. ${TRUST_NOTE}`,
      tags,
      auth: "platform",
      access: { permission: "MANAGE", changesState: true },
      params: trustParams,
      body: beneficiaryTrustConfirmRequestSchema,
      responses: {
        200: { description: "The beneficiary's trust", schema: z.object({ trusted: z.boolean() }) },
        ...errorResponses(400, 401, 404, 409, 423),
      },
    }),
  };
}

export const trustOpsOf = { trust: trustOps("trust"), untrust: trustOps("untrust") };
