import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { customers } from "./customers";
import { platforms } from "./platforms";
import { z } from "zod";
import { json, stringList } from "./json-column";

/**
 * An issued card (lib/server/cards). The PAN and CVV are stored only encrypted under the key-encryption key,
 * bound to the card's id; `last4` is the one part of the number kept in clear.
 */
export const cards = pgTable(
  "cards",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    platformCardId: text("platform_card_id").notNull(),
    state: text("state", { enum: ["PENDING_KYC", "PROCESSING", "ACTIVE", "FROZEN", "CLOSED"] }).notNull(),
    stateReason: text("state_reason", { enum: ["ISSUER_REJECTED", "CLOSED_BY_PLATFORM", "CLOSED_BY_GRID"] }),
    brand: text("brand", { enum: ["VISA", "MASTERCARD"] }).notNull(),
    form: text("form", { enum: ["VIRTUAL"] }).notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    currency: text("currency").notNull(),
    /** Internal account uuids in priority order; empty once closed. */
    fundingSources: json("funding_sources", stringList).notNull(),
    maxSpendPerTransaction: bigint("max_spend_per_transaction", { mode: "bigint" }),
    panEnc: text("pan_enc").notNull(),
    cvvEnc: text("cvv_enc").notNull(),
    processorRef: text("processor_ref").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cards_platform_card_id_uq").on(t.platformId, t.platformCardId),
    index("cards_platform_idx").on(t.platformId, t.id),
    index("cards_customer_idx").on(t.customerId, t.id),
  ],
);

/** A single-use reveal URL (POST /cards/{id}/reveal): only the SHA-256 digest of its random token is kept. */
export const cardReveals = pgTable("card_reveals", {
  tokenDigest: text("token_digest").primaryKey(),
  cardId: uuid("card_id")
    .notNull()
    .references(() => cards.id),
  platformId: uuid("platform_id")
    .notNull()
    .references(() => platforms.id),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * A card transaction: the authorization and every clearing, return and advice reconciled against it.
 * Money moves only through ledger entries posted with each change (lib/server/ledger), `heldAmount` mirroring
 * what the card-holds account still holds for it. DECLINED rows record refused authorizations.
 */
export const cardTransactions = pgTable(
  "card_transactions",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    cardId: uuid("card_id")
      .notNull()
      .references(() => cards.id),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    /** The funding source used; null for a decline before one was chosen. */
    accountId: uuid("account_id"),
    issuerTransactionToken: text("issuer_transaction_token").notNull(),
    kind: text("kind", {
      enum: [
        "AUTHORIZATION",
        "BALANCE_INQUIRY",
        "CREDIT_AUTHORIZATION",
        "FINANCIAL_AUTHORIZATION",
        "FINANCIAL_CREDIT_AUTHORIZATION",
        "CREDIT_AUTHORIZATION_ADVICE",
      ],
    }).notNull(),
    direction: text("direction", { enum: ["DEBIT", "CREDIT"] }).notNull(),
    status: text("status", {
      enum: ["AUTHORIZED", "PARTIALLY_SETTLED", "SETTLED", "REFUNDED", "EXCEPTION", "DECLINED"],
    }).notNull(),
    declineReason: text("decline_reason"),
    exceptionReason: text("exception_reason"),
    merchant: json(
      "merchant",
      z.object({ descriptor: z.string(), mcc: z.string().optional(), country: z.string().optional() }),
    ).notNull(),
    currency: text("currency").notNull(),
    authorizedAmount: bigint("authorized_amount", { mode: "bigint" }).notNull(),
    heldAmount: bigint("held_amount", { mode: "bigint" }).notNull().default(sql`0`),
    settledAmount: bigint("settled_amount", { mode: "bigint" }).notNull().default(sql`0`),
    settlementCount: integer("settlement_count").notNull().default(0),
    refundedAmount: bigint("refunded_amount", { mode: "bigint" }).notNull().default(sql`0`),
    refundCount: integer("refund_count").notNull().default(0),
    pullAmount: bigint("pull_amount", { mode: "bigint" }).notNull().default(sql`0`),
    pullCount: integer("pull_count").notNull().default(0),
    authorizedAt: timestamp("authorized_at", { withTimezone: true, mode: "date" }).notNull(),
    lastEventAt: timestamp("last_event_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("card_transactions_platform_idx").on(t.platformId, t.id),
    index("card_transactions_card_idx").on(t.cardId, t.id),
    index("card_transactions_account_idx").on(t.accountId, t.id),
  ],
);
