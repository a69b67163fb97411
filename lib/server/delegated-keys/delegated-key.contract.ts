import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { listResponse, paginationQuery } from "@/lib/server/core/pagination";
import { errorResponses } from "@/lib/server/core/common.contract";
import {
  processingSchema,
  signedRetryHeaders,
  signedRetryResponses,
} from "@/lib/server/signed-retry/signed-retry.contract";

const DELEGATED_KEY_STATUSES = ["PENDING", "ACTIVE", "REVOKED"] as const;

const delegatedKeySchema = z.object({
  id: z.string().describe("DelegatedKey:<uuid>"),
  cardId: z.string().describe("The card this key signs for"),
  fundingSourceId: z.string().describe("CardFundingSource:<uuid>: the (card, internal account) funding binding"),
  accountId: z.string().describe("The EMBEDDED_WALLET internal account funding the card"),
  publicKey: z
    .string()
    .describe("Compressed P-256 public key (hex); the private key is custodied by the service and never returned"),
  nickname: z.string(),
  status: z
    .enum(DELEGATED_KEY_STATUSES)
    .describe(
      "PENDING: the create flow stopped after its second leg, the key cannot sign; ACTIVE: signs card pulls from the wallet; REVOKED: can no longer sign",
    ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DelegatedKey = z.infer<typeof delegatedKeySchema>;

const tags = ["Embedded Wallet Auth"];
const idParams = z.object({ id: z.string().max(200) });

export const createDelegatedKeyOp = defineOperation({
  operationId: "createDelegatedKey",
  method: "POST",
  path: "/auth/delegated-keys",
  summary: "Create a delegated signing key (three-leg signed retry by an active session of the wallet)",
  description:
    "Delegate signing of card pulls from a card's EMBEDDED_WALLET funding account to a service-custodied P-256 key. " +
    "1) The call without signature headers generates the keypair and answers 202. 2) The signed retry creates the key PENDING and answers a second 202. " +
    "3) The signed retry of that challenge activates it: 201 with the key ACTIVE. The same body on all three legs. " +
    "One ACTIVE key per card funding source (409 otherwise); revoke it with DELETE first.",
  tags,
  auth: "platform",
  access: { permission: "TRANSACT", changesState: true },
  body: z.object({
    cardId: z.string().max(200).describe("The card whose EMBEDDED_WALLET funding account the key signs for"),
    internalAccountId: z
      .string()
      .max(200)
      .describe("The EMBEDDED_WALLET internal account among the card's funding sources"),
    nickname: z.string().min(1).max(256),
  }),
  headers: signedRetryHeaders,
  responses: {
    ...signedRetryResponses({
      201: { description: "The key, ACTIVE", schema: delegatedKeySchema },
      200: { description: "PROCESSING (re-send the identical request)", schema: processingSchema },
    }),
    ...errorResponses(400, 401, 404, 409),
  },
});

export const listDelegatedKeysOp = defineOperation({
  operationId: "listDelegatedKeys",
  method: "GET",
  path: "/auth/delegated-keys",
  summary: "List delegated signing keys",
  description:
    "Keys of an internal account, a card funding source, or both (PENDING and REVOKED included); at least one filter is required.",
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  query: paginationQuery
    .extend({
      accountId: z.string().max(200).optional().describe("InternalAccount:<uuid>"),
      fundingSourceId: z.string().max(200).optional().describe("CardFundingSource:<uuid>"),
    })
    .refine((q) => q.accountId !== undefined || q.fundingSourceId !== undefined, {
      message: "Supply accountId or fundingSourceId",
      path: ["accountId"],
    }),
  responses: {
    200: { description: "Matching keys, oldest first", schema: listResponse(delegatedKeySchema) },
    ...errorResponses(400, 401),
  },
});

export const getDelegatedKeyOp = defineOperation({
  operationId: "getDelegatedKeyById",
  method: "GET",
  path: "/auth/delegated-keys/{id}",
  summary: "Get a delegated signing key",
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  params: idParams,
  responses: { 200: { description: "The key", schema: delegatedKeySchema }, ...errorResponses(401, 404) },
});

export const revokeDelegatedKeyOp = defineOperation({
  operationId: "revokeDelegatedKey",
  method: "DELETE",
  path: "/auth/delegated-keys/{id}",
  summary: "Revoke a delegated signing key",
  description:
    "An ACTIVE key becomes REVOKED and its private key is erased: it signs nothing more. 400 for a key that is not ACTIVE.",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params: idParams,
  responses: { 204: { description: "Revoked" }, ...errorResponses(400, 401, 404) },
});
