import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { errorResponses } from "@/lib/server/core/common.contract";
import { authSessionSchema, publicKeyHexSchema } from "@/lib/server/sessions/session.contract";
import {
  credentialTypeSchema,
  processingSchema,
  signedRetryHeaders,
  signedRetryResponses,
} from "@/lib/server/signed-retry/signed-retry.contract";

const TAG = "Embedded Wallet Auth";
const base64url = (name: string, max = 65_536) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} must be base64url (RFC 4648 §5)`);
const jwt = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/, "must be a compact JWT (header.payload.signature)");
const accountId = z.string().min(1).max(200).describe("InternalAccount:<uuid>");

const authMethodSchema = z.object({
  id: z.string().describe("AuthMethod:<uuid>"),
  accountId: z.string().describe("InternalAccount:<uuid>"),
  type: credentialTypeSchema,
  credentialId: z.string().optional().describe("PASSKEY: WebAuthn credential id, base64url"),
  nickname: z.string().optional(),
  otpEncryptionTargetBundle: z
    .string()
    .optional()
    .describe("EMAIL_OTP challenge: the enclave bundle to encrypt the OTP to"),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AuthMethod = z.infer<typeof authMethodSchema>;

const passkeyAttestationSchema = z
  .object({
    credentialId: base64url("credentialId", 1024),
    clientDataJson: base64url("clientDataJson"),
    attestationObject: base64url("attestationObject"),
    transports: z.array(z.string().min(1).max(32)).max(10).default([]),
  })
  .strict();

const passkeyAssertionSchema = z
  .object({
    credentialId: base64url("credentialId", 1024),
    clientDataJson: base64url("clientDataJson"),
    authenticatorData: base64url("authenticatorData"),
    signature: base64url("signature", 1024),
    userHandle: base64url("userHandle", 1024).nullable().optional(),
  })
  .strict();

const addCredentialBodySchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("EMAIL_OTP"), accountId }).strict(),
  z.object({ type: z.literal("SMS_OTP"), accountId }).strict(),
  z.object({ type: z.literal("OAUTH"), accountId, oidcToken: jwt }).strict(),
  z
    .object({
      type: z.literal("PASSKEY"),
      accountId,
      nickname: z.string().min(1).max(100),
      challenge: base64url("challenge", 1024).describe("The registration challenge the integrator backend issued"),
      attestation: passkeyAttestationSchema,
    })
    .strict(),
]);
export type AddCredentialBody = z.infer<typeof addCredentialBodySchema>;

/** `encryptedOtpBundle` is a JSON string (protocol.md): checked for shape here, opened by the service. */
const encryptedOtpBundleSchema = z
  .string()
  .min(2)
  .max(4096)
  .refine((s) => {
    try {
      const v = JSON.parse(s) as Record<string, unknown>;
      return (
        typeof v === "object" &&
        v !== null &&
        typeof v.encappedPublic === "string" &&
        /^04[0-9a-fA-F]{128}$/.test(v.encappedPublic) &&
        typeof v.ciphertext === "string" &&
        /^([0-9a-fA-F]{2}){17,1024}$/.test(v.ciphertext)
      );
    } catch {
      return false;
    }
  }, 'must be a JSON string {"encappedPublic": <uncompressed P-256 hex>, "ciphertext": <hex>}');

const verifyCredentialBodySchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("EMAIL_OTP"), encryptedOtpBundle: encryptedOtpBundleSchema }).strict(),
  z.object({ type: z.literal("SMS_OTP"), encryptedOtpBundle: encryptedOtpBundleSchema }).strict(),
  z.object({ type: z.literal("OAUTH"), oidcToken: jwt, clientPublicKey: publicKeyHexSchema }).strict(),
  z.object({ type: z.literal("PASSKEY"), assertion: passkeyAssertionSchema }).strict(),
]);
export type VerifyCredentialBody = z.infer<typeof verifyCredentialBodySchema>;

const challengeCredentialBodySchema = z.object({ clientPublicKey: publicKeyHexSchema.optional() }).strict();
export type ChallengeCredentialBody = z.infer<typeof challengeCredentialBodySchema>;

/** Grid's PasskeyAuthChallenge: the passkey's AuthMethod plus the challenge of this authentication. */
const passkeyAuthChallengeSchema = authMethodSchema.omit({ otpEncryptionTargetBundle: true }).extend({
  credentialId: z.string().describe("WebAuthn credential id, base64url: allowCredentials[].id of the assertion"),
  challenge: z
    .string()
    .describe("Lowercase hex SHA-256 of the session-creation payload; its UTF-8 bytes are the WebAuthn challenge"),
  requestId: z.string().describe("Request:<uuid>; the Request-Id of the verify call"),
  expiresAt: z.string(),
});

const idParams = z.object({ id: z.string().max(200) });

export const addCredentialOp = defineOperation({
  operationId: "addCredential",
  method: "POST",
  path: "/auth/credentials",
  summary: "Add a credential (signed retry by an active session of the account)",
  description:
    "Body discriminated by `type`. EMAIL_OTP: one per account (else 400 EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS); SMS_OTP likewise (400 SMS_OTP_CREDENTIAL_ALREADY_EXISTS), nickname = the customer's phone number.",
  tags: [TAG],
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  body: addCredentialBodySchema,
  headers: signedRetryHeaders,
  responses: {
    ...signedRetryResponses({
      201: { description: "The credential", schema: authMethodSchema },
      200: { description: "Still settling: re-send the identical request", schema: processingSchema },
    }),
    ...errorResponses(400, 401, 404),
  },
});

export const listCredentialsOp = defineOperation({
  operationId: "listCredentials",
  method: "GET",
  path: "/auth/credentials",
  summary: "List an account's credentials (not paginated)",
  tags: [TAG],
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  query: z.object({ accountId: z.string().max(200) }),
  responses: {
    200: { description: "The credentials", schema: z.object({ data: z.array(authMethodSchema) }) },
    ...errorResponses(400, 401),
  },
});

export const deleteCredentialOp = defineOperation({
  operationId: "deleteCredential",
  method: "DELETE",
  path: "/auth/credentials/{id}",
  summary: "Revoke a credential (signed retry by a session of a different credential)",
  description:
    "Its sessions are revoked in the same transaction. The only credential → 400 INVALID_INPUT, details.reason LAST_CREDENTIAL.",
  tags: [TAG],
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params: idParams,
  headers: signedRetryHeaders,
  responses: {
    ...signedRetryResponses({
      204: { description: "Revoked" },
      200: { description: "Still settling: re-send the identical request", schema: processingSchema },
    }),
    ...errorResponses(400, 401, 404),
  },
});

export const challengeCredentialOp = defineOperation({
  operationId: "challengeCredential",
  method: "POST",
  path: "/auth/credentials/{id}/challenge",
  summary: "Start authentication with a credential",
  description:
    "EMAIL_OTP: no body; sends a fresh OTP and answers the AuthMethod with otpEncryptionTargetBundle. PASSKEY: {clientPublicKey}; answers a PasskeyAuthChallenge. Re-issue is rate limited (429, Retry-After).",
  tags: [TAG],
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params: idParams,
  body: challengeCredentialBodySchema,
  bodyOptional: true,
  responses: {
    200: {
      description: "EMAIL_OTP: AuthMethod with otpEncryptionTargetBundle; PASSKEY: PasskeyAuthChallenge",
      // The challenge first: parsed as a bare AuthMethod it would lose challenge, requestId and expiresAt.
      schema: z.union([passkeyAuthChallengeSchema, authMethodSchema]),
    },
    ...errorResponses(400, 401, 404, 429),
  },
});

export const verifyCredentialOp = defineOperation({
  operationId: "verifyCredential",
  method: "POST",
  path: "/auth/credentials/{id}/verify",
  summary: "Verify a credential and create a session",
  description:
    "EMAIL_OTP: {encryptedOtpBundle}; 202 signed retry whose signer must be the public_key sealed in the bundle; retry → 200 AuthSession. OAUTH: one call. PASSKEY: assertion + Request-Id of the challenge.",
  tags: [TAG],
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params: idParams,
  body: verifyCredentialBodySchema,
  headers: signedRetryHeaders,
  responses: {
    ...signedRetryResponses({
      200: {
        description: "The session, or PROCESSING (re-send the identical request)",
        schema: z.union([processingSchema, authSessionSchema]),
      },
    }),
    ...errorResponses(400, 401, 404, 429),
  },
});
