import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { errorResponses } from "@/lib/server/core/common.contract";
import { PAYMENT_RAILS } from "./corridors";
import { currencyCodeSchema, currencySchema } from "@/lib/server/internal-accounts/internal-account.contract";

const code = currencyCodeSchema;

/** One currency code, a repeated parameter, or a comma list: `?destinationCurrency=EUR&destinationCurrency=GBP` = `?destinationCurrency=EUR,GBP`. */
const codeList = z
  .union([z.string().max(300), z.array(z.string().max(300)).max(50)])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(","))
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(code).min(1).max(50))
  .optional();

const exchangeRateSchema = z.object({
  sourceCurrency: currencySchema,
  destinationCurrency: currencySchema,
  destinationPaymentRail: z.enum(PAYMENT_RAILS).describe("The payout rail of this corridor"),
  sendingAmount: z.number().int().describe("The sendingAmount of the query, else Grid's default 10000"),
  minSendingAmount: z
    .number()
    .int()
    .describe("Smallest sending amount that delivers something after the platform's fees"),
  maxSendingAmount: z.number().int().describe("The transaction size limit, in the source currency"),
  receivingAmount: z.number().int().describe("What sendingAmount delivers after the platform's fees"),
  exchangeRate: z.number().describe("Destination units per source unit (major units), before fees"),
  fees: z.object({
    fixed: z.number().int().describe("Platform fixed fee per transaction, smallest unit of the source currency"),
    total: z.number().int().describe("All fees on sendingAmount, smallest unit of the source currency"),
    variableBps: z
      .number()
      .int()
      .describe("Platform variable fee, basis points of the sending amount (this service's addition)"),
  }),
  updatedAt: z.string().describe("When the rate was fetched from the source"),
  expiresAt: z.string().describe("Until when the cached rate is used (about 5 minutes)"),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

const exchangeRateQuery = z.object({
  sourceCurrency: code.default("USD"),
  destinationCurrency: codeList.describe("One or more codes: repeat the parameter or give a comma list"),
  sendingAmount: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(10_000),
});
export type ExchangeRateQuery = z.infer<typeof exchangeRateQuery>;

export const listExchangeRatesOp = defineOperation({
  operationId: "listExchangeRates",
  method: "GET",
  path: "/exchange-rates",
  summary: "Exchange rates, including the platform's fees",
  description:
    "One rate per destination currency and payout rail. Rates come from the configured source (sandbox: a fixed table, docs/protocol.md) " +
    "and are cached for about 5 minutes in the database.",
  tags: ["Exchange Rates"],
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  query: exchangeRateQuery,
  responses: {
    200: { description: "Rates", schema: z.object({ data: z.array(exchangeRateSchema) }) },
    ...errorResponses(400, 401),
  },
});
