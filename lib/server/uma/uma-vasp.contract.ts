import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";

/**
 * The UMA VASP's own endpoints (docs/protocol.md "UMA"), which other VASPs call: public, outside the API's path and
 * document (like the hosted KYC page), through the same edge. Their answers are UMA's documents, built and signed by
 * `@uma-sdk/core`, so their schema here is only "an object"; their failures are the service's error object.
 */
const umaDocument = {
  description: "The UMA document (application/json)",
  schema: z.record(z.string(), z.unknown()),
};
const failure = { description: "The error object" };
const tags = ["UMA"];
const text = z.string().max(2000).optional();

export const umaPubKeysOp = defineOperation({
  operationId: "umaPubKeys",
  method: "GET",
  path: "/.well-known/lnurlpubkey",
  summary: "The platform's UMA signing and encryption keys",
  tags,
  auth: "none",
  access: { permission: "PUBLIC", changesState: false },
  responses: { 200: umaDocument, 404: failure },
});

export const umaLnurlpOp = defineOperation({
  operationId: "umaLnurlp",
  method: "GET",
  path: "/.well-known/lnurlp/{user}",
  summary: "UMA LNURLP: what a receiver accepts",
  tags,
  auth: "none",
  // A nonce is saved: a replay of the same signed request is refused.
  access: { permission: "PUBLIC", changesState: true },
  params: z.object({ user: z.string().max(100) }),
  query: z.object({
    signature: text,
    vaspDomain: text,
    nonce: text,
    isSubjectToTravelRule: text,
    timestamp: text,
    umaVersion: text,
    backingSignatures: text,
  }),
  responses: { 200: umaDocument, 400: failure, 401: failure, 404: failure, 412: failure, 424: failure },
});

export const umaPayRequestOp = defineOperation({
  operationId: "umaPayRequest",
  method: "POST",
  path: "/uma/payreq/{receiver}",
  summary: "UMA pay request: an invoice for a receiver",
  tags,
  auth: "none",
  access: { permission: "PUBLIC", changesState: true },
  params: z.object({ receiver: z.string().max(100) }),
  body: z.record(z.string(), z.unknown()),
  responses: { 200: umaDocument, 400: failure, 401: failure, 404: failure, 424: failure },
});

export const umaSettlementOp = defineOperation({
  operationId: "umaSettlement",
  method: "POST",
  path: "/uma/settlement/{invoice}",
  summary: "Sandbox settlement layer: a payment delivered for an invoice",
  tags,
  auth: "none",
  access: { permission: "PUBLIC", changesState: true },
  params: z.object({ invoice: z.string().max(100) }),
  body: z.object({
    invoice: z.string().max(2000),
    senderVaspDomain: z.string().max(253),
    payerIdentifier: z.string().max(300),
    amount: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    currency: z.string().max(10),
    paymentId: z.string().max(100),
    nonce: z.string().max(100),
    timestamp: z.number().int(),
    signature: z.string().max(400),
  }),
  responses: { 200: umaDocument, 400: failure, 401: failure, 404: failure, 424: failure },
});
