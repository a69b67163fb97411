import { sql } from "drizzle-orm";
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { customers } from "./customers";
import { platforms } from "./platforms";
import { json, jsonObject } from "./json-column";

/**
 * Where money sits or goes: one of our internal accounts, an external account, the outside world (sandbox
 * funding), or an UMA address at another VASP (`counterparty_uma_address`; no account id).
 */
export type AccountKind = "INTERNAL" | "EXTERNAL" | "SANDBOX" | "UMA";

/** A priced transfer offer (POST /quotes). `transactionId` is allocated up front; the row appears on execution. */
export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    customerId: uuid("customer_id").references(() => customers.id),
    agentId: uuid("agent_id"),
    status: text("status", {
      enum: ["PENDING", "PENDING_AUTHORIZATION", "PROCESSING", "COMPLETED", "FAILED", "EXPIRED"],
    }).notNull(),
    sourceKind: text("source_kind").$type<AccountKind>().notNull(),
    sourceAccountId: uuid("source_account_id").notNull(),
    /**
     * Grid's quote sourceType. REALTIME_FUNDING: the customer pays in just in time by the quote's paymentInstructions;
     * the money lands in sourceAccountId (their internal account in that currency) and the quote executes with it.
     */
    sourceType: text("source_type", { enum: ["ACCOUNT", "REALTIME_FUNDING"] })
      .notNull()
      .default("ACCOUNT"),
    destinationKind: text("destination_kind").$type<AccountKind>().notNull(),
    /** Null when the destination is an UMA address (destinationKind UMA). */
    destinationAccountId: uuid("destination_account_id"),
    /** The receiver's UMA address when destinationKind is UMA. */
    counterpartyUmaAddress: text("counterparty_uma_address"),
    lockedCurrencySide: text("locked_currency_side", { enum: ["SENDING", "RECEIVING"] }).notNull(),
    lockedCurrencyAmount: bigint("locked_currency_amount", { mode: "bigint" }).notNull(),
    sendingCurrency: text("sending_currency").notNull(),
    receivingCurrency: text("receiving_currency").notNull(),
    totalSendingAmount: bigint("total_sending_amount", { mode: "bigint" }).notNull(),
    totalReceivingAmount: bigint("total_receiving_amount", { mode: "bigint" }).notNull(),
    exchangeRate: text("exchange_rate").notNull(),
    feesIncluded: bigint("fees_included", { mode: "bigint" }).notNull(),
    platformFeesIncluded: bigint("platform_fees_included", { mode: "bigint" }).notNull(),
    usdValueCents: bigint("usd_value_cents", { mode: "bigint" }).notNull(),
    transactionId: uuid("transaction_id").notNull(),
    description: text("description"),
    /** Grid's optional payout details: the rail asked for (one of the destination's), remittance text and purpose. */
    paymentRail: text("payment_rail"),
    remittanceInformation: text("remittance_information"),
    purposeOfPayment: text("purpose_of_payment"),
    /** Grid's senderCustomerInfo as sent: payer data the receiver asked for (lookup requiredPayerDataFields), for the counterparty seam. */
    senderCustomerInfo: json("sender_customer_info", jsonObject),
    /** Grid's counterpartyInformation: what the receiver's VASP said of the receiver (an UMA PayReqResponse's payeeData). */
    counterpartyInformation: json("counterparty_information", jsonObject),
    /** Grid's scaFactor of POST /quotes: the preferred factor of the SCA challenge when the quote is executed (SMS_OTP or PASSKEY). */
    scaFactor: text("sca_factor"),
    /** While PENDING_AUTHORIZATION: Grid's ScaChallenge as served (the secret part is in sca_challenges). */
    scaChallenge: json("sca_challenge", jsonObject),
    idempotencyKey: text("idempotency_key"),
    requestDigest: text("request_digest"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("quotes_idempotency_uq").on(t.platformId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    uniqueIndex("quotes_transaction_uq").on(t.transactionId),
    index("quotes_platform_idx").on(t.platformId, t.id),
  ],
);

/**
 * A money movement. Balances of internal accounts move only through ledger entries posted in the
 * same database transaction as the status change of this row (lib/server/ledger).
 */
export const transactions = pgTable(
  "transactions",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    customerId: uuid("customer_id").references(() => customers.id),
    agentId: uuid("agent_id"),
    quoteId: uuid("quote_id"),
    /** TRANSFER (quote), TRANSFER_IN / TRANSFER_OUT (deprecated endpoints), FUNDING (sandbox). */
    kind: text("kind", { enum: ["TRANSFER", "TRANSFER_IN", "TRANSFER_OUT", "FUNDING"] }).notNull(),
    direction: text("direction", { enum: ["OUTGOING", "INCOMING"] }).notNull(),
    /**
     * Grid's OutgoingTransactionStatus values only, written by lib/server/transactions/transitions.ts alone (docs/protocol.md
     * "Enumerations are Grid's"): a transaction the platform rejects or cancels is FAILED with rejectionReason.
     */
    status: text("status", {
      enum: ["PENDING", "PENDING_AUTHORIZATION", "PROCESSING", "COMPLETED", "FAILED"],
    }).notNull(),
    /** Grid's TransactionPendingReason only (the platform's approval is `approval`, not a pending reason). */
    pendingReason: text("pending_reason"),
    failureReason: text("failure_reason"),
    /** Set when the platform rejected (its reason, or none) or cancelled (its reason, or CANCELLED) the transaction. */
    rejectionReason: text("rejection_reason"),
    /**
     * The platform's decision on an agent's transaction (spec Agent Operations): PENDING while it waits for
     * POST /transactions/{id}/approve (or the agent action's door), then APPROVED or REJECTED; null when no approval
     * was asked. The agent action's status is read from it (lib/server/agents/money/action-view.ts).
     */
    approval: text("approval", { enum: ["PENDING", "APPROVED", "REJECTED"] }),
    sourceKind: text("source_kind").$type<AccountKind>().notNull(),
    sourceAccountId: uuid("source_account_id"),
    destinationKind: text("destination_kind").$type<AccountKind>().notNull(),
    destinationAccountId: uuid("destination_account_id"),
    sendingCurrency: text("sending_currency").notNull(),
    sendingAmount: bigint("sending_amount", { mode: "bigint" }).notNull(),
    receivingCurrency: text("receiving_currency").notNull(),
    receivingAmount: bigint("receiving_amount", { mode: "bigint" }).notNull(),
    exchangeRate: text("exchange_rate").notNull(),
    feesAmount: bigint("fees_amount", { mode: "bigint" }).notNull(),
    platformFeesAmount: bigint("platform_fees_amount", { mode: "bigint" }).notNull(),
    /** Sending amount in USD cents, for the daily volume limit. */
    usdValueCents: bigint("usd_value_cents", { mode: "bigint" }).notNull(),
    description: text("description"),
    /** The UMA address of the other side when sourceKind or destinationKind is UMA. */
    counterpartyUmaAddress: text("counterparty_uma_address"),
    /** Grid's onChainTransaction of a wallet payout: set once the crypto transfer settled. */
    onChainTransactionHash: text("on_chain_transaction_hash"),
    onChainNetwork: text("on_chain_network"),
    /** Hash of an UMA payment's inter-VASP settlement leg (Grid's reconciliationInstructions.transactionHash). */
    settlementTransactionHash: text("settlement_transaction_hash"),
    idempotencyKey: text("idempotency_key"),
    /** Digest of the request body that created it under idempotencyKey (lib/server/money/idempotency.ts). */
    requestDigest: text("request_digest"),
    settledAt: timestamp("settled_at", { withTimezone: true, mode: "date" }),
    /** POST /transactions/{id}/confirm: when the platform delivered the receipt to its customer (Grid's receiptDeliveryConfirmedAt). */
    receiptDeliveryConfirmedAt: timestamp("receipt_delivery_confirmed_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("transactions_platform_idx").on(t.platformId, t.id),
    // GET /transactions' exact totalCount as an index-only scan of one deduplicated key per platform (a tenth of the
    // pages of the (platform_id, id) index; bench/README.md "A million rows").
    index("transactions_platform_count_idx").on(t.platformId),
    index("transactions_customer_day_idx").on(t.customerId, t.createdAt),
    /** An agent's spend this day and month (lib/server/agents/money: spending limits), read on each of its payments. */
    index("transactions_agent_day_idx").on(t.agentId, t.createdAt).where(sql`${t.agentId} is not null`),
    uniqueIndex("transactions_idempotency_uq")
      .on(t.platformId, t.kind, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/**
 * What each customer sent per UTC day (`day` = the UTC date of the transactions' `created_at`): the sum of
 * `usd_value_cents` of its OUTGOING, non-FUNDING, COMPLETED transactions, so that the daily-volume check
 * (lib/server/money/limits.ts sentTodayUsdCents) reads one row instead of summing the day's transactions. Kept by the
 * trigger `transactions_daily_volume_*` (migration 0025) in the same database transaction as every write to
 * `transactions`, whoever the writer is; never written by the application.
 */
export const customerDailyVolumes = pgTable(
  "customer_daily_volumes",
  {
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    day: date("day", { mode: "string" }).notNull(),
    usdValueCents: bigint("usd_value_cents", { mode: "bigint" }).notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.day] })],
);

/**
 * Double-entry ledger: every posting's entries sum to zero per currency. `account` is
 * `ia:<internal account uuid>` (mirrored in internal_accounts.balance) or a system account
 * `sys:<platform uuid>:<NAME>:<currency>` (FUNDING, PAYOUTS, FX, FEES, SANDBOX).
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    transactionId: uuid("transaction_id").notNull(),
    account: text("account").notNull(),
    currency: text("currency").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    memo: text("memo").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_entries_transaction_idx").on(t.transactionId),
    index("ledger_entries_account_idx").on(t.account),
  ],
);

/** Exchange rates from the configured source, reused for EXCHANGE_RATE_TTL_MS (spec Limits: about 5 minutes). */
export const exchangeRateCache = pgTable(
  "exchange_rate_cache",
  {
    source: text("source").notNull(),
    fromCurrency: text("from_currency").notNull(),
    toCurrency: text("to_currency").notNull(),
    rate: text("rate").notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    fetchCount: integer("fetch_count").notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.source, t.fromCurrency, t.toCurrency] })],
);
