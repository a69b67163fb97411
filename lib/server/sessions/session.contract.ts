import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { errorResponses } from "@/lib/server/core/common.contract";
import { isValidPublicKeyHex } from "@/lib/shared/crypto/web";
import {
  credentialTypeSchema,
  processingSchema,
  signedRetryHeaders,
  signedRetryResponses,
} from "@/lib/server/signed-retry/signed-retry.contract";

export const publicKeyHexSchema = z
  .string()
  .regex(
    /^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/,
    "must be a SEC1 P-256 public key in hex (compressed 02/03… or uncompressed 04…)",
  )
  .refine((v) => isValidPublicKeyHex(v), "must be a point on the P-256 curve");

export const authSessionSchema = z.object({
  id: z.string().describe("Session:<uuid>"),
  accountId: z.string().describe("InternalAccount:<uuid>"),
  type: credentialTypeSchema.describe("The type of the credential that issued the session"),
  nickname: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
  encryptedSessionSigningKey: z
    .string()
    .optional()
    .describe(
      "base58check of the session private key HPKE-sealed to clientPublicKey (OAUTH and PASSKEY verify, and refresh)",
    ),
});
export type AuthSession = z.infer<typeof authSessionSchema>;

const sessionIdParams = z.object({ id: z.string().max(200) });

export const listSessionsOp = defineOperation({
  operationId: "listAuthSessions",
  method: "GET",
  path: "/auth/sessions",
  summary: "List an account's active sessions",
  description:
    "Active (unexpired, unrevoked) sessions only; never a key. An unknown account, or another platform's, lists nothing.",
  tags: ["Embedded Wallet Auth"],
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  query: z.object({ accountId: z.string().max(200) }),
  responses: {
    200: { description: "The sessions", schema: z.object({ data: z.array(authSessionSchema) }) },
    ...errorResponses(400, 401),
  },
});

export const refreshSessionOp = defineOperation({
  operationId: "refreshAuthSession",
  method: "POST",
  path: "/auth/sessions/{id}/refresh",
  summary: "Refresh a session (signed retry, signed by that session)",
  description:
    "On acceptance the session is revoked and a new one created, whose fresh key is returned sealed to clientPublicKey as encryptedSessionSigningKey.",
  tags: ["Embedded Wallet Auth"],
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params: sessionIdParams,
  body: z.object({ clientPublicKey: publicKeyHexSchema }).strict(),
  headers: signedRetryHeaders,
  responses: {
    ...signedRetryResponses({
      201: { description: "The new session", schema: authSessionSchema },
      200: { description: "Still settling: re-send the identical request", schema: processingSchema },
    }),
    ...errorResponses(400, 401, 404),
  },
});

export const revokeSessionOp = defineOperation({
  operationId: "revokeAuthSession",
  method: "DELETE",
  path: "/auth/sessions/{id}",
  summary: "Revoke a session (signed retry by any active session of the account)",
  tags: ["Embedded Wallet Auth"],
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params: sessionIdParams,
  headers: signedRetryHeaders,
  responses: {
    ...signedRetryResponses({
      204: { description: "Revoked" },
      200: { description: "Still settling: re-send the identical request", schema: processingSchema },
    }),
    ...errorResponses(401, 404),
  },
});
