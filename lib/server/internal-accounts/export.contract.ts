import { z } from "zod";
import { isValidPublicKeyHex } from "@/lib/shared/crypto/web";
import { errorResponses } from "@/lib/server/core/common.contract";
import { defineOperation } from "@/lib/server/core/operation";
import {
  processingSchema,
  signedRetryHeaders,
  signedRetryResponses,
} from "@/lib/server/signed-retry/signed-retry.contract";
import { internalAccountSchema } from "./internal-account.contract";

const exportWalletBodySchema = z
  .object({
    clientPublicKey: z
      .string()
      .regex(/^04[0-9a-fA-F]{128}$/, "must be an uncompressed SEC1 P-256 public key in hex (04 + 128 hex characters)")
      .refine((v) => isValidPublicKeyHex(v), "must be a point on the P-256 curve"),
  })
  .strict();
export type ExportWalletBody = z.infer<typeof exportWalletBodySchema>;

const exportWalletResponseSchema = z.object({
  id: z.string().describe("InternalAccount:<uuid>"),
  encryptedWalletCredentials: z
    .string()
    .describe(
      'Enclave bundle (JSON string {"version","data","dataSignature","enclaveQuorumPublic"}) whose data is the HPKE seal of the wallet mnemonic to clientPublicKey (docs/protocol.md "Wallet export")',
    ),
});

export const exportWalletOp = defineOperation({
  operationId: "exportInternalAccount",
  method: "POST",
  path: "/internal-accounts/{id}/export",
  summary: "Export the wallet credentials (signed retry by an active session of the account)",
  description:
    "EMBEDDED_WALLET accounts only. The first call answers 202 with payloadToSign binding clientPublicKey; the signed retry answers the wallet mnemonic sealed to clientPublicKey. The response is never stored.",
  tags: ["Internal Accounts"],
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params: z.object({ id: z.string().max(200) }),
  body: exportWalletBodySchema,
  headers: signedRetryHeaders,
  responses: {
    ...signedRetryResponses({
      200: {
        description: "The encrypted wallet credentials, or PROCESSING (re-send the identical request)",
        schema: z.union([exportWalletResponseSchema, processingSchema]),
      },
    }),
    ...errorResponses(400, 401, 404),
  },
});

export const updateInternalAccountOp = defineOperation({
  operationId: "updateInternalAccount",
  method: "PATCH",
  path: "/internal-accounts/{id}",
  summary: "Update an Embedded Wallet internal account (signed retry by an active session of the account)",
  description:
    "EMBEDDED_WALLET accounts only. The first call answers 202 with payloadToSign binding the update fields; the signed retry with the same body applies them and answers the account.",
  tags: ["Internal Accounts"],
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params: z.object({ id: z.string().max(200) }),
  body: z
    .object({ privateEnabled: z.boolean().optional() })
    .strict()
    .refine((b) => Object.keys(b).length > 0, "At least one update field is required"),
  headers: signedRetryHeaders,
  responses: {
    ...signedRetryResponses({
      200: {
        description: "The updated account, or PROCESSING (re-send the identical request)",
        schema: z.union([internalAccountSchema, processingSchema]),
      },
    }),
    ...errorResponses(400, 401, 404),
  },
});
