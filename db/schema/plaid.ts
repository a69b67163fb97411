import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { customers } from "./customers";
import { externalAccounts } from "./external-accounts";
import { platforms } from "./platforms";

/**
 * A Plaid Link session (deprecated Grid operations `POST /plaid/link-tokens` and
 * `POST /plaid/callback/{plaid_link_token}`). The link token is stored only as a keyed digest. States:
 * OPEN (issued) → EXCHANGED (public token exchanged, the external account created PENDING) → COMPLETED (the
 * account activated and its EXTERNAL_ACCOUNT.STATUS_UPDATED event written, by the Plaid worker).
 */
export const plaidLinkTokens = pgTable(
  "plaid_link_tokens",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    tokenDigest: text("token_digest").notNull(),
    state: text("state", { enum: ["OPEN", "EXCHANGED", "COMPLETED"] }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    externalAccountId: uuid("external_account_id").references(() => externalAccounts.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("plaid_link_tokens_digest_uq").on(t.tokenDigest),
    // The worker's claim walks it: the platforms with exchanged sessions, and each one's oldest first (db/fair-pick.ts).
    index("plaid_link_tokens_exchanged_idx").on(t.platformId, t.updatedAt).where(sql`${t.state} = 'EXCHANGED'`),
  ],
);
