import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { platforms } from "./platforms";
import { cards } from "./cards";
import { internalAccounts } from "./customers";

/**
 * Delegated signing keys (`/auth/delegated-keys`, Grid's DelegatedKey): a service-custodied P-256 key that
 * signs card pulls from one card's EMBEDDED_WALLET funding account in place of a session key. The private
 * scalar is AES-256-GCM under the KEK, bound to `delegated_keys:<id>`; it is never returned. At most one
 * ACTIVE key per card funding source (the partial unique index decides concurrent activations).
 */
export const delegatedKeys = pgTable(
  "delegated_keys",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id, { onDelete: "cascade" }),
    cardId: uuid("card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => internalAccounts.id, { onDelete: "cascade" }),
    /** The (card, account) binding's id, derived from both (lib/server/cards/funding-source-id.ts). */
    fundingSourceId: uuid("funding_source_id").notNull(),
    publicKey: text("public_key").notNull(),
    encryptedPrivateKey: text("encrypted_private_key"),
    nickname: text("nickname").notNull(),
    /** PENDING (signer created, no policy yet), ACTIVE, REVOKED. */
    status: text("status").$type<"PENDING" | "ACTIVE" | "REVOKED">().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("delegated_keys_platform_account_idx").on(t.platformId, t.accountId, t.id),
    index("delegated_keys_platform_funding_idx").on(t.platformId, t.fundingSourceId, t.id),
    uniqueIndex("delegated_keys_one_active_idx").on(t.fundingSourceId).where(sql`status = 'ACTIVE'`),
  ],
);
