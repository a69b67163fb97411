import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { customers } from "./customers";
import { platforms } from "./platforms";
import { z } from "zod";
import { json, jsonObject } from "./json-column";

/** An outside destination (bank account, wallet, lightning) of a customer or of the platform itself. */
export const externalAccounts = pgTable(
  "external_accounts",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    /** Null for the platform's own accounts. */
    customerId: uuid("customer_id").references(() => customers.id),
    status: text("status", {
      enum: ["PENDING", "ACTIVE", "PENDING_OWNERSHIP_VERIFICATION", "UNVERIFIED", "UNDER_REVIEW", "INACTIVE"],
    }).notNull(),
    platformAccountId: text("platform_account_id"),
    ownershipType: text("ownership_type", { enum: ["FIRST_PARTY", "THIRD_PARTY"] }),
    currency: text("currency").notNull(),
    defaultUmaDepositAccount: boolean("default_uma_deposit_account").notNull().default(false),
    accountType: text("account_type").notNull(),
    /** accountInfo as created (the read-only paymentRails are derived on output). */
    accountInfo: json("account_info", jsonObject).notNull(),
    /** accountType + the variant's identifying fields, normalised: a second account with the same key is a duplicate. */
    identityKey: text("identity_key").notNull(),
    beneficiaryVerificationStatus: text("beneficiary_verification_status"),
    beneficiaryVerifiedName: text("beneficiary_verified_name"),
    /** Outstanding WALLET_SIGNATURE challenge: the exact message and its expiry. */
    ownershipChallenge: json("ownership_challenge", z.object({ message: z.string(), expiresAt: z.string() })),
    /** A trusted beneficiary (POST …/trust + /confirm under SCA): sends to it skip the per-quote SCA challenge. */
    trusted: boolean("trusted").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("external_accounts_customer_idx").on(t.customerId, t.id),
    index("external_accounts_platform_idx").on(t.platformId, t.id),
    uniqueIndex("external_accounts_customer_identity_uq")
      .on(t.platformId, t.customerId, t.identityKey)
      .where(sql`${t.customerId} is not null`),
    uniqueIndex("external_accounts_platform_identity_uq")
      .on(t.platformId, t.identityKey)
      .where(sql`${t.customerId} is null`),
    uniqueIndex("external_accounts_one_default_uq")
      .on(t.platformId, t.customerId)
      .where(sql`${t.defaultUmaDepositAccount} and ${t.customerId} is not null`),
  ],
);
