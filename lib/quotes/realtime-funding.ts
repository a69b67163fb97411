import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { internalAccounts } from "@/db/schema";
import { formatId, parseId } from "@/lib/ids";
import { type ResolvedAccount, resolveInternal } from "@/lib/money/resolve-accounts";
import type { Quote } from "./quote.contract";
import { invalidInput } from "@/lib/api-core/validation";

/**
 * Grid's REALTIME_FUNDING quote source: the sender pays the quote just in time over an instant rail, by the quote's
 * `paymentInstructions`; the money lands in the customer's own internal account in that currency (the platform's, when
 * no customerId is given, as Grid says) and the quote executes with it (`POST /sandbox/send` in the sandbox).
 * Offered where this service has an instant rail into the currency (docs/protocol.md "Quotes": real-time funding).
 */
type InstantAccount = Exclude<
  NonNullable<Quote["paymentInstructions"]>[number]["accountOrWalletInfo"],
  { accountType: "EMBEDDED_WALLET" }
>;

const INSTANT_INSTRUCTIONS: Record<string, (reference: string) => InstantAccount> = {
  USD: (reference) => ({
    accountType: "USD_ACCOUNT",
    paymentRails: ["RTP", "FEDNOW"],
    accountNumber: "9900000001",
    routingNumber: "026073150",
    bankName: "Sandbox Settlement Bank",
    reference,
  }),
  EUR: (reference) => ({
    accountType: "EUR_ACCOUNT",
    paymentRails: ["SEPA_INSTANT"],
    iban: "DE02100100100006820101",
    swiftCode: "PBNKDEFF",
    bankName: "Sandbox Settlement Bank",
    reference,
  }),
  GBP: (reference) => ({
    accountType: "GBP_ACCOUNT",
    paymentRails: ["FASTER_PAYMENTS"],
    sortCode: "040004",
    accountNumber: "99000001",
    bankName: "Sandbox Settlement Bank",
    reference,
  }),
  MXN: (reference) => ({
    accountType: "MXN_ACCOUNT",
    paymentRails: ["SPEI"],
    clabeNumber: "646180000000000004",
    bankName: "Sandbox Settlement Bank",
    reference,
  }),
};

const REALTIME_FUNDING_CURRENCIES = Object.keys(INSTANT_INSTRUCTIONS);

/** The internal account a REALTIME_FUNDING quote is funded into: the customer's (or platform's) account in `currency`. */
export async function resolveRealtimeSource(
  db: DbOrTx,
  platformId: string,
  source: { currency: string; customerId?: string },
  customerScope: string | undefined,
): Promise<ResolvedAccount> {
  const bad = (field: string, message: string) =>
    invalidInput([{ field: `source.${field}`, message }], `source.${field}: ${message}`);
  if (!INSTANT_INSTRUCTIONS[source.currency])
    throw bad("currency", `Real-time funding is offered in ${REALTIME_FUNDING_CURRENCIES.join(", ")}`);
  let customerUuid: string | null = null;
  if (source.customerId !== undefined) {
    customerUuid = parseId("Customer", source.customerId);
    if (!customerUuid) throw bad("customerId", "Not a customer id");
  } else if (customerScope) customerUuid = customerScope;
  if (customerScope && customerUuid !== customerScope) throw bad("customerId", "Must be the agent's customer");
  const [account] = await db
    .select({ id: internalAccounts.id })
    .from(internalAccounts)
    .where(
      and(
        eq(internalAccounts.platformId, platformId),
        customerUuid ? eq(internalAccounts.customerId, customerUuid) : isNull(internalAccounts.customerId),
        eq(internalAccounts.currency, source.currency),
        eq(internalAccounts.type, "INTERNAL_FIAT"),
        eq(internalAccounts.status, "ACTIVE"),
      ),
    )
    .limit(1);
  if (!account) {
    const holder = customerUuid ? "The customer" : "The platform";
    throw bad("currency", `${holder} holds no ACTIVE ${source.currency} internal account to fund`);
  }
  return resolveInternal(db, platformId, formatId("InternalAccount", account.id), customerScope);
}

/** Grid's paymentInstructions of a REALTIME_FUNDING quote: where to pay totalSendingAmount, and the reference to quote. */
export function realtimePaymentInstructions(q: { id: string; sendingCurrency: string }) {
  const reference = `RTF-${q.id.replace(/-/g, "").slice(-12).toUpperCase()}`;
  const instructions = INSTANT_INSTRUCTIONS[q.sendingCurrency];
  if (!instructions) return [];
  const info = instructions(reference);
  const rails = info.paymentRails.join(" or ");
  return [
    {
      accountOrWalletInfo: info,
      instructionsNotes: `Send exactly totalSendingAmount by ${rails} with reference ${reference} before expiresAt`,
    },
  ];
}
