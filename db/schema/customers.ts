import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { platforms } from "./platforms";
import { z } from "zod";
import { json, jsonObject } from "./json-column";

export const customers = pgTable(
  "customers",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    platformCustomerId: text("platform_customer_id").notNull(),
    customerType: text("customer_type", { enum: ["INDIVIDUAL", "BUSINESS"] }).notNull(),
    email: text("email"),
    phoneNumber: text("phone_number"),
    umaAddress: text("uma_address").notNull(),
    kycStatus: text("kyc_status").notNull(),
    /** The remaining per-type fields (fullName, legalName, birthDate, address …). */
    profile: json("profile", jsonObject).notNull(),
    /** Contact details confirmed by a code: `{email?, phone?}` hold the value that was confirmed (lib/server/contact-verification). */
    contactVerified: json("contact_verified", z.object({ email: z.string().optional(), phone: z.string().optional() }))
      .notNull()
      .default({}),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Soft delete (DELETE /customers/{id}): the row stays, `isDeleted` shows it, lists hide it by default. */
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    // A deleted customer's platformCustomerId may be used again (Grid: "collides with an existing active customer").
    uniqueIndex("customers_platform_customer_id_uq")
      .on(t.platformId, t.platformCustomerId)
      .where(sql`${t.deletedAt} is null`),
    index("customers_platform_id_idx").on(t.platformId, t.id),
    // An UMA address names one receiver wherever it is looked up: unique across platforms (a deleted customer's frees it).
    uniqueIndex("customers_uma_address_uq").on(t.umaAddress).where(sql`${t.deletedAt} is null`),
    // The default list's exact totalCount (deleted hidden) as an index-only scan of a tiny index: one key per
    // platform, deduplicated into posting lists, no heap visit per row to read deleted_at (bench/README.md "A million rows").
    index("customers_platform_live_count_idx").on(t.platformId).where(sql`${t.deletedAt} is null`),
  ],
);

export const internalAccounts = pgTable(
  "internal_accounts",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    customerId: uuid("customer_id").references(() => customers.id),
    type: text("type", { enum: ["INTERNAL_FIAT", "INTERNAL_CRYPTO", "EMBEDDED_WALLET"] }).notNull(),
    status: text("status", { enum: ["PENDING", "ACTIVE", "CLOSED", "FROZEN", "FAILED"] }).notNull(),
    currency: text("currency").notNull(),
    decimals: integer("decimals").notNull(),
    balance: bigint("balance", { mode: "bigint" }).notNull().default(sql`0`),
    privateEnabled: boolean("private_enabled"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("internal_accounts_customer_idx").on(t.customerId, t.id),
    index("internal_accounts_platform_idx").on(t.platformId, t.id),
    /** The platform's own accounts (no customer): one per currency and type. */
    uniqueIndex("internal_accounts_platform_own_uq")
      .on(t.platformId, t.currency, t.type)
      .where(sql`${t.customerId} is null`),
  ],
);
