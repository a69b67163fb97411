import type { InferSelectModel } from "drizzle-orm";
import type { quotes } from "@/db/schema";
import { formatId } from "@/lib/shared/ids";
import { currencyObject } from "@/lib/server/money/currencies";
import type { Quote } from "./quote.contract";
import { realtimePaymentInstructions } from "./realtime-funding";

export type QuoteRow = InferSelectModel<typeof quotes>;

/** How a quote's destination is named outside it: the account id, or the receiver's UMA address. */
export function destinationRef(
  q: Pick<QuoteRow, "destinationKind" | "destinationAccountId"> & { counterpartyUmaAddress?: string | null },
): string {
  if (q.destinationKind === "UMA") return q.counterpartyUmaAddress ?? "";
  return formatId(
    q.destinationKind === "INTERNAL" ? "InternalAccount" : "ExternalAccount",
    q.destinationAccountId ?? "",
  );
}

type AccountDestination = Extract<Quote["destination"], { destinationType: "ACCOUNT" }>;

function destinationView(r: QuoteRow): Quote["destination"] {
  if (r.destinationKind === "UMA")
    return {
      destinationType: "UMA_ADDRESS",
      umaAddress: r.counterpartyUmaAddress ?? "",
      currency: r.receivingCurrency,
    };
  const out: AccountDestination = { destinationType: "ACCOUNT", accountId: destinationRef(r) };
  if (r.paymentRail) out.paymentRail = r.paymentRail as AccountDestination["paymentRail"];
  return out;
}

export function toQuote(r: QuoteRow, opts: { embeddedWalletSource?: boolean } = {}): Quote {
  const expired = r.status === "PENDING" && r.expiresAt.getTime() <= Date.now();
  const out: Quote = {
    id: formatId("Quote", r.id),
    status: expired ? "EXPIRED" : r.status,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    source:
      r.sourceType === "REALTIME_FUNDING"
        ? { sourceType: "REALTIME_FUNDING", currency: r.sendingCurrency }
        : { sourceType: "ACCOUNT", accountId: formatId("InternalAccount", r.sourceAccountId) },
    destination: destinationView(r),
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
  if (r.counterpartyInformation) out.counterpartyInformation = r.counterpartyInformation;
  if (r.description) out.description = r.description;
  if (r.remittanceInformation) out.remittanceInformation = r.remittanceInformation;
  if (r.purposeOfPayment) out.purposeOfPayment = r.purposeOfPayment;
  if (r.status === "PENDING_AUTHORIZATION" && r.scaChallenge)
    out.scaChallenge = r.scaChallenge as Quote["scaChallenge"];
  if (opts.embeddedWalletSource)
    out.paymentInstructions = [{ accountOrWalletInfo: { accountType: "EMBEDDED_WALLET" } }];
  // Grid: the instructions a REALTIME_FUNDING quote is paid by, while it waits for the money.
  if (r.sourceType === "REALTIME_FUNDING" && out.status === "PENDING")
    out.paymentInstructions = realtimePaymentInstructions(r);
  return out;
}
