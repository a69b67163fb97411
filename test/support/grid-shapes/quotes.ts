/** Grid's quotes (components Quote, QuoteSourceOneOf, QuoteDestinationOneOf; the client's DefaultPagination page for GET /quotes). */
import { z } from "zod";
import { gridList, isoDateTime } from "./common";
import { gridCurrency, gridPaymentRail } from "./money";

export const gridQuote = z.object({
  id: z.string(),
  status: z.enum(["PENDING", "PENDING_AUTHORIZATION", "PROCESSING", "COMPLETED", "FAILED", "EXPIRED"]),
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
  source: z.discriminatedUnion("sourceType", [
    z.object({ sourceType: z.literal("ACCOUNT"), accountId: z.string(), customerId: z.string().optional() }),
    z.object({ sourceType: z.literal("REALTIME_FUNDING"), currency: z.string(), customerId: z.string().optional() }),
  ]),
  destination: z.discriminatedUnion("destinationType", [
    z.object({ destinationType: z.literal("ACCOUNT"), accountId: z.string(), paymentRail: gridPaymentRail.optional() }),
    z.object({ destinationType: z.literal("UMA_ADDRESS"), umaAddress: z.string() }),
  ]),
  sendingCurrency: gridCurrency,
  receivingCurrency: gridCurrency,
  totalSendingAmount: z.number().int().positive(),
  totalReceivingAmount: z.number().int().positive(),
  exchangeRate: z.number().positive(),
  feesIncluded: z.number().int().min(0),
  platformFeesIncluded: z.number().int().min(0).optional(),
  paymentInstructions: z.array(z.unknown()).optional(),
  transactionId: z.string(),
});

/** The official client pages GET /quotes with DefaultPagination: data, hasMore, nextCursor, totalCount. */
export const gridQuoteList = gridList(gridQuote).extend({ totalCount: z.number().int() });
