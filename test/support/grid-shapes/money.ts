/** Grid's money shapes shared by quotes, transactions and accounts (components Currency, CurrencyAmount, PaymentRail, InternalAccount). */
import { z } from "zod";
import { isoDateTime } from "./common";

export const gridCurrency = z.object({
  code: z.string().optional(),
  name: z.string().optional(),
  symbol: z.string().optional(),
  decimals: z.number().int().min(0).optional(),
});

export const gridCurrencyAmount = z.object({ amount: z.number().int(), currency: gridCurrency });

export const gridPaymentRail = z.enum([
  "ACH",
  "ACH_COLOMBIA",
  "BANK_TRANSFER",
  "BRE_B",
  "CIPS",
  "FAST",
  "FASTER_PAYMENTS",
  "FEDNOW",
  "INSTAPAY",
  "MOBILE_MONEY",
  "NEFT",
  "PAYNOW",
  "PESONET",
  "PIX",
  "RTGS",
  "RTP",
  "SEPA",
  "SEPA_INSTANT",
  "SPEI",
  "SWIFT",
  "UNIONPAY",
  "UPI",
  "WIRE",
]);

const gridInternalAccount = z.object({
  id: z.string(),
  customerId: z.string().optional(),
  type: z.enum(["INTERNAL_FIAT", "INTERNAL_CRYPTO", "EMBEDDED_WALLET"]),
  status: z.enum(["PENDING", "ACTIVE", "CLOSED", "FROZEN", "FAILED"]),
  balance: gridCurrencyAmount,
  totalBalance: gridCurrencyAmount,
  fundingPaymentInstructions: z.array(z.unknown()),
  privateEnabled: z.boolean().optional(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

/** PlatformInternalAccountListResponse: `{data}`, no pagination. */
export const gridPlatformInternalAccountList = z.object({ data: z.array(gridInternalAccount) });
