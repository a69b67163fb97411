import type { InferSelectModel } from "drizzle-orm";
import type { quotes } from "@/db/schema";
import { formatId } from "@/lib/ids";
import { currencyObject } from "@/lib/money/currencies";
import type { Quote } from "./quote.contract";

export type QuoteRow = InferSelectModel<typeof quotes>;

export function toQuote(r: QuoteRow, opts: { embeddedWalletSource?: boolean } = {}): Quote {
  const expired = r.status === "PENDING" && r.expiresAt.getTime() <= Date.now();
  const out: Quote = {
    id: formatId("Quote", r.id),
    status: expired ? "EXPIRED" : r.status,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    source: { sourceType: "ACCOUNT", accountId: formatId("InternalAccount", r.sourceAccountId) },
    destination: {
      destinationType: "ACCOUNT",
      accountId: formatId(r.destinationKind === "INTERNAL" ? "InternalAccount" : "ExternalAccount", r.destinationAccountId),
    },
    lockedCurrencySide: r.lockedCurrencySide,
    lockedCurrencyAmount: Number(r.lockedCurrencyAmount),
    sendingCurrency: currencyObject(r.sendingCurrency),
    receivingCurrency: currencyObject(r.receivingCurrency),
    totalSendingAmount: Number(r.totalSendingAmount),
    totalReceivingAmount: Number(r.totalReceivingAmount),
    exchangeRate: Number(r.exchangeRate),
    feesIncluded: Number(r.feesIncluded),
    platformFeesIncluded: Number(r.platformFeesIncluded),
    transactionId: formatId("Transaction", r.transactionId),
  };
  if (r.customerId) out.source.customerId = formatId("Customer", r.customerId);
  if (r.description) out.description = r.description;
  if (r.paymentRail) out.destination.paymentRail = r.paymentRail as Quote["destination"]["paymentRail"];
  if (r.remittanceInformation) out.remittanceInformation = r.remittanceInformation;
  if (r.purposeOfPayment) out.purposeOfPayment = r.purposeOfPayment;
  if (r.status === "PENDING_AUTHORIZATION" && r.scaChallenge) out.scaChallenge = r.scaChallenge as Quote["scaChallenge"];
  if (opts.embeddedWalletSource) out.paymentInstructions = [{ accountOrWalletInfo: { accountType: "EMBEDDED_WALLET" } }];
  return out;
}
