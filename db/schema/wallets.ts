import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { internalAccounts } from "./customers";
import { platforms } from "./platforms";

/**
 * The wallet secret of an EMBEDDED_WALLET account: a BIP-39 mnemonic, stored only encrypted under the
 * key-encryption key (AES-256-GCM, bound to the account id). One per account: the primary key.
 */
export const walletSecrets = pgTable("wallet_secrets", {
  accountId: uuid("account_id")
    .primaryKey()
    .references(() => internalAccounts.id),
  platformId: uuid("platform_id")
    .notNull()
    .references(() => platforms.id),
  /** encryptAtRest(KEK, UTF-8 mnemonic, aad = `wallet_secrets:<accountId>`). */
  mnemonicEnc: text("mnemonic_enc").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
