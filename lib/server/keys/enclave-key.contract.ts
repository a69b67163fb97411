import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { errorResponses } from "@/lib/server/core/common.contract";

const enclaveKeySchema = z.object({
  enclaveQuorumPublic: z
    .string()
    .regex(/^04[0-9a-f]{128}$/)
    .describe(
      "Uncompressed P-256 public key (lowercase hex) that signs every enclave bundle; pin it and compare before trusting a bundle",
    ),
});

export const getEnclaveKeyOp = defineOperation({
  operationId: "getEnclaveKey",
  method: "GET",
  path: "/auth/enclave-key",
  summary: "Get the enclave signing key",
  description:
    "The public key that signs `otpEncryptionTargetBundle` and `encryptedWalletCredentials`. Clients pin it and verify `dataSignature` before encrypting to a bundle's target key (see docs/protocol.md).",
  tags: ["Embedded Wallet Auth"],
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  responses: { 200: { description: "The enclave key", schema: enclaveKeySchema }, ...errorResponses(401) },
});
