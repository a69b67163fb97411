import { invalidInput } from "@/lib/server/core/validation";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx, type Tx } from "@/db/client";
import { quotes } from "@/db/schema";
import { env } from "@/lib/shared/config/env";
import { variantOf } from "@/lib/server/external-accounts/account-variants";
import { paymentRailsOf } from "@/lib/server/external-accounts/external-account-view";
import { requireReadyToTransact } from "./require-ready-to-transact";
import { transferAllowedForStatus } from "@/lib/server/external-accounts/account-rules";
import { requireLookup } from "@/lib/server/uma/require-lookup";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { assertAmountsBounded } from "@/lib/server/money/amount-bound";
import { newUuid, parseId } from "@/lib/shared/ids";
import { idempotent, type IdempotencyColumns } from "@/lib/server/money/idempotency";
import { checkTransactionSize } from "@/lib/server/money/limits";
import { checkSupportedCurrency } from "@/lib/server/money/supported-currencies";
import { moneyTransaction } from "@/lib/server/transactions/money-transaction";
import { resolveDestination, resolveInternal } from "@/lib/server/money/resolve-accounts";
import { executeQuoteInTx } from "./execute-quote";
import { afterQuoteCommit, quoteNeedsSca } from "./hold-for-sca";
import { priceQuote } from "./price-quote";
import { resolveRealtimeSource } from "./realtime-funding";
import type { Quote, QuoteCreate } from "./quote.contract";
import { toQuote, type QuoteRow } from "./quote-view";
import { checkSenderCustomerInfo } from "./sender-customer-info";
import { resolveUmaDestination, type UmaDestination } from "./uma-destination";
import { keepPayRequest, payRemoteReceiver } from "./uma-pay-request";

export interface QuoteActor {
  /** Set for agent-initiated quotes: the agent's customer bounds every account. */
  customerScope?: string;
  agentId?: string;
}

/**
 * POST /quotes. Everything decidable up front is checked before anything is written: accounts
 * (404 for another tenant's), end-user terms (403), size limit (400), the platform's supportedCurrencies (400), fee
 * rules (400), the payer data the receiver asked for (400 MISSING_MANDATORY_USER_INFO), the UMA receiver's VASP (412,
 * 424). With `immediatelyExecute` the quote and its executed transaction commit in one database transaction.
 */
export async function createQuote(
  platform: PlatformPrincipal,
  input: QuoteCreate,
  opts: {
    idempotencyKey?: string | null;
    idempotencyScope?: string;
    actor?: QuoteActor;
    afterInsert?: (tx: Tx, q: QuoteRow) => Promise<QuoteRow>;
  } = {},
): Promise<Quote> {
  const db = await getDb();
  return idempotent(
    {
      key: opts.idempotencyKey ?? null,
      scope: opts.idempotencyScope,
      body: { input, agent: opts.actor?.agentId ?? null },
    },
    {
      find: async (key) =>
        (
          await db
            .select()
            .from(quotes)
            .where(and(eq(quotes.platformId, platform.id), eq(quotes.idempotencyKey, key)))
        )[0],
      uniqueIndex: "quotes_idempotency_uq",
      answer: (row) => toQuote(row),
    },
    (idempotency) => insertQuote(platform, input, opts, idempotency),
  );
}

async function insertQuote(
  platform: PlatformPrincipal,
  input: QuoteCreate,
  opts: { actor?: QuoteActor; afterInsert?: (tx: Tx, q: QuoteRow) => Promise<QuoteRow> },
  idempotency: IdempotencyColumns,
): Promise<Quote> {
  const db = await getDb();
  const scope = opts.actor?.customerScope;
  if (input.scaFactor === "TOTP") {
    throw invalidInput(
      [
        {
          field: "scaFactor",
          message: "SMS_OTP or PASSKEY (TOTP cannot carry the dynamic linking of amount and payee)",
        },
      ],
      "TOTP cannot authorize a payment (no dynamic linking): use SMS_OTP or PASSKEY",
    );
  }
  const lookup =
    input.lookupId !== undefined && input.destination.destinationType !== "UMA_ADDRESS"
      ? await requireLookup(db, platform.id, input.lookupId)
      : undefined;
  const source = input.source;
  const realtime = source.sourceType === "REALTIME_FUNDING";
  if (realtime && input.immediatelyExecute) {
    throw invalidInput(
      [{ field: "immediatelyExecute", message: "Not available for REALTIME_FUNDING sources" }],
      "A REALTIME_FUNDING quote executes when its funds arrive (paymentInstructions)",
    );
  }
  const src = realtime
    ? await resolveRealtimeSource(db, platform.id, source, scope)
    : await resolveInternal(db, platform.id, source.accountId, scope);
  if (
    source.sourceType === "ACCOUNT" &&
    source.customerId !== undefined &&
    parseId("Customer", source.customerId) !== src.customerId
  ) {
    throw invalidInput(
      [{ field: "source.customerId", message: "Must be the customer that owns source.accountId" }],
      "source.customerId does not own source.accountId",
    );
  }
  const dst = await resolveQuoteDestination(db, platform, input, scope);
  if (dst.kind === src.kind && dst.uuid === src.uuid) {
    throw invalidInput(
      [{ field: "destination.accountId", message: "Must differ from source.accountId" }],
      "Source and destination are the same account",
    );
  }
  if (src.customerId) await requireReadyToTransact(db, src.customerId, src.owner);
  const payerData =
    dst.uma?.requiredPayerDataFields ??
    (lookup?.answer as { requiredPayerDataFields?: { name: string; mandatory: boolean }[] } | undefined)
      ?.requiredPayerDataFields;
  await checkSenderCustomerInfo(
    db,
    payerData,
    { customerId: src.customerId, platformName: platform.name },
    input.senderCustomerInfo,
  );
  const price = await priceQuote({
    settings: platform.settings,
    sendingCurrency: src.currency,
    receivingCurrency: dst.currency,
    lockedSide: input.lockedCurrencySide,
    lockedAmount: BigInt(input.lockedCurrencyAmount),
    override: input.platformFeeOverride,
  });
  assertAmountsBounded("lockedCurrencyAmount", [price.totalSending, price.totalReceiving, price.usdValueCents]);
  checkTransactionSize(platform.settings, price.usdValueCents);
  checkSupportedCurrency(platform.settings, {
    currency: src.currency,
    direction: "OUTGOING",
    field: realtime ? "source.currency" : "source.accountId",
    amount: price.totalSending,
    amountField: "lockedCurrencyAmount",
  });
  if (dst.kind === "INTERNAL")
    checkSupportedCurrency(platform.settings, {
      currency: dst.currency,
      direction: "INCOMING",
      field: "destination.accountId",
    });
  if (dst.uma && (price.totalReceiving < BigInt(dst.uma.min) || price.totalReceiving > BigInt(dst.uma.max))) {
    throw invalidInput(
      [
        {
          field: "lockedCurrencyAmount",
          message: `The receiving amount must be within ${dst.uma.min}–${dst.uma.max} ${dst.currency}`,
        },
      ],
      `The receiver accepts ${dst.uma.min} to ${dst.uma.max} ${dst.currency}`,
    );
  }
  const umaPayment = dst.uma
    ? await payRemoteReceiver(
        db,
        platform,
        dst.uma,
        { customerId: src.customerId, sent: input.senderCustomerInfo },
        price.totalReceiving,
      )
    : undefined;
  if (dst.kind === "EXTERNAL" && !transferAllowedForStatus(dst.status ?? "", Number(price.totalReceiving))) {
    throw new ApiError(
      "EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED",
      `The destination is ${dst.status}: its ownership must be verified before this transfer`,
    );
  }
  // Whether an immediate execution is held for SCA needs no lock: read before the transaction, not while it holds rows.
  const executesNow = !opts.afterInsert && input.immediatelyExecute && src.internalType !== "EMBEDDED_WALLET";
  const needsSca = executesNow
    ? await quoteNeedsSca(
        db,
        { customerId: src.customerId, destinationKind: dst.kind, destinationAccountId: dst.uuid },
        { profile: src.owner?.profile, destinationTrusted: dst.trusted },
      )
    : undefined;
  const now = new Date();
  // A deadlock victim or serialization failure runs again whole (new ids): the client gets the payment, not a 500.
  const row = await moneyTransaction(async (tx) => {
    // The whole row, defaults included: an immediate execution inserts it with its transaction in one statement
    // (execute-quote.ts), so it is not read back.
    const q: QuoteRow = {
      id: newUuid(),
      platformId: platform.id,
      customerId: src.customerId,
      agentId: opts.actor?.agentId ?? null,
      status: "PENDING",
      sourceKind: "INTERNAL",
      sourceAccountId: src.uuid,
      sourceType: source.sourceType,
      destinationKind: dst.kind,
      destinationAccountId: dst.uuid,
      counterpartyUmaAddress: dst.uma?.umaAddress ?? null,
      lockedCurrencySide: input.lockedCurrencySide,
      lockedCurrencyAmount: BigInt(input.lockedCurrencyAmount),
      sendingCurrency: src.currency,
      receivingCurrency: dst.currency,
      totalSendingAmount: price.totalSending,
      totalReceivingAmount: price.totalReceiving,
      exchangeRate: String(price.rate),
      feesIncluded: price.fees,
      platformFeesIncluded: price.platformFees,
      usdValueCents: price.usdValueCents,
      transactionId: newUuid(),
      description: input.description ?? null,
      paymentRail: dst.rail ?? null,
      remittanceInformation: input.remittanceInformation ?? null,
      purposeOfPayment: input.purposeOfPayment ?? null,
      senderCustomerInfo: input.senderCustomerInfo ?? null,
      counterpartyInformation: umaPayment?.counterpartyInformation ?? null,
      scaFactor: input.scaFactor ?? null,
      scaChallenge: null,
      ...idempotency,
      expiresAt: new Date(now.getTime() + env().QUOTE_TTL_MS),
      createdAt: now,
      updatedAt: now,
    };
    if (umaPayment) await keepPayRequest(tx, platform.id, q.transactionId, umaPayment);
    // Nothing is written after the execution: its COMMIT goes with its last writes.
    if (executesNow)
      return executeQuoteInTx(tx, platform, q, { needsSca, insertQuote: true, commitWithLastWrites: true });
    await tx.insert(quotes).values(q);
    if (opts.afterInsert) return opts.afterInsert(tx, q);
    if (!input.immediatelyExecute) return q;
    throw walletSignatureNeeded(); // an EMBEDDED_WALLET source (executesNow is false only for those here)
  });
  await afterQuoteCommit(platform, row);
  return toQuote(row, { embeddedWalletSource: src.internalType === "EMBEDDED_WALLET" });
}

type QuoteDestination = {
  kind: "INTERNAL" | "EXTERNAL" | "UMA";
  uuid: string | null;
  currency: string;
  status?: string;
  rail?: string;
  trusted?: boolean;
  uma?: UmaDestination;
};

/** The account (its rail checked against the external account's rails) or the UMA receiver a quote pays. */
async function resolveQuoteDestination(
  db: DbOrTx,
  platform: PlatformPrincipal,
  input: QuoteCreate,
  scope: string | undefined,
): Promise<QuoteDestination> {
  const d = input.destination;
  if (d.destinationType === "UMA_ADDRESS") {
    const uma = await resolveUmaDestination(db, platform, d, input.lookupId);
    return { kind: "UMA", uuid: null, currency: uma.currency, uma };
  }
  const dst = await resolveDestination(db, platform.id, d.accountId, scope);
  const rail = d.paymentRail;
  const railsOfDestination =
    dst.accountType && dst.accountInfo ? paymentRailsOf(variantOf(dst.accountType), dst.accountInfo) : [];
  if (rail !== undefined && !railsOfDestination.includes(rail)) {
    const rails = railsOfDestination.join(", ") || "none (an internal account)";
    throw invalidInput(
      [{ field: "destination.paymentRail", message: `Expected one of the destination's rails: ${rails}` }],
      `The destination cannot be paid by ${rail}; its rails: ${rails}`,
    );
  }
  return {
    kind: dst.kind === "EXTERNAL" ? "EXTERNAL" : "INTERNAL",
    uuid: dst.uuid,
    currency: dst.currency,
    status: dst.status,
    rail,
    trusted: dst.trusted,
  };
}

/**
 * Moving money out of an EMBEDDED_WALLET needs a wallet signature (spec "Wallet signatures"): the
 * execution goes through the signed-retry mechanism on POST /quotes/{id}/execute.
 */
export function walletSignatureNeeded(): ApiError {
  return invalidInput(
    [{ field: "immediatelyExecute", message: "Not available for EMBEDDED_WALLET sources" }],
    "The source is an EMBEDDED_WALLET: create the quote without immediatelyExecute and execute it with a wallet signature (POST /quotes/{quoteId}/execute, signed retry)",
    { reason: "WALLET_SIGNATURE_REQUIRED" },
  );
}
