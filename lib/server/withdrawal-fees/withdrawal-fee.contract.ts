import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { errorResponses } from "@/lib/server/core/common.contract";
import { CRYPTO_NETWORKS } from "./network-fees";

export const estimateWithdrawalFeeOp = defineOperation({
  operationId: "estimateCryptoWithdrawalFee",
  method: "POST",
  path: "/crypto/estimate-withdrawal-fee",
  summary: "Estimate crypto withdrawal fee",
  description:
    "Network and application fees of a withdrawal from a crypto internal account (INTERNAL_CRYPTO or EMBEDDED_WALLET) to a blockchain address. " +
    "Sandbox platforms use the fixed fee table of docs/protocol.md.",
  tags: ["Cross-Currency Transfers"],
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  body: z.object({
    internalAccountId: z.string().max(200).describe("The crypto internal account to withdraw from"),
    currency: z.string().min(1).max(10).describe("The asset withdrawn; the account's currency (e.g. USDC)"),
    cryptoNetwork: z.enum(CRYPTO_NETWORKS).describe("The blockchain network of the withdrawal"),
    amount: z
      .number()
      .int()
      .positive()
      .max(Number.MAX_SAFE_INTEGER)
      .describe("Amount in the smallest unit of the currency"),
    destinationAddress: z
      .string()
      .min(1)
      .max(2000)
      .describe("The blockchain address (or, on LIGHTNING, invoice or Lightning address) paid"),
  }),
  responses: {
    200: {
      description: "The estimate",
      schema: z.object({
        networkFee: z.number().int().describe("Network fee in the smallest unit of networkFeeAsset (e.g. lamports)"),
        networkFeeAsset: z.string().describe("The asset the network fee is paid in (e.g. SOL)"),
        applicationFee: z
          .number()
          .int()
          .describe("The platform's fee in the smallest unit of the withdrawal currency; 0 when none applies"),
        totalFee: z
          .number()
          .int()
          .describe("Network fee converted to the withdrawal currency plus the application fee"),
        netAmount: z.number().int().describe("What the recipient receives: amount minus totalFee"),
      }),
    },
    ...errorResponses(400, 401, 404, 503),
  },
});
