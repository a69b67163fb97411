import { z } from "zod";
import { defineOperation } from "@/lib/api-core/operation";
import { errorResponses } from "@/lib/api-core/common.contract";
import { currencyAmountSchema, currencySchema } from "@/lib/internal-accounts/internal-account.contract";

const code = z.string().regex(/^[A-Z]{3,4}$/, "currency code such as USD");

export const exchangeRateSchema = z.object({
  sourceCurrency: currencySchema,
  destinationCurrency: currencySchema,
  exchangeRate: z.number().describe("Destination units per source unit (major units), before fees"),
  fees: z.object({
    fixed: currencyAmountSchema.describe("Platform fixed fee per transaction, source currency"),
    variableBps: z.number().int().describe("Platform variable fee, basis points of the sending amount"),
  }),
  sendingAmount: z.number().int().optional().describe("Echo of the sendingAmount query, fees included"),
  receivingAmount: z.number().int().optional().describe("What sendingAmount delivers after the platform's fees"),
  updatedAt: z.string().describe("When the rate was fetched from the source"),
  expiresAt: z.string().describe("Until when the cached rate is used (about 5 minutes)"),
});

export const listExchangeRatesOp = defineOperation({
  operationId: "listExchangeRates",
  method: "GET",
  path: "/exchange-rates",
  summary: "Exchange rates, including the platform's fees",
  description: "Rates come from the configured source (sandbox: a fixed table, docs/protocol.md) and are cached for about 5 minutes in the database.",
  tags: ["Exchange Rates"],
  auth: "platform",
  query: z.object({
    sourceCurrency: code.default("USD"),
    destinationCurrency: code.optional(),
    sendingAmount: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  }),
  responses: { 200: { description: "Rates", schema: z.object({ data: z.array(exchangeRateSchema) }) }, ...errorResponses(400, 401) },
});
