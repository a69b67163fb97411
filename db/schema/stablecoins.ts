import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { platforms } from "./platforms";
import { json, stringMap } from "./json-column";

/**
 * A platform's link to a stablecoin issuer provider (lib/server/stablecoins). The provider API secret is kept only
 * encrypted under the key-encryption key, bound to the link's id; it is never returned.
 */
export const stablecoinProviderAccounts = pgTable(
  "stablecoin_provider_accounts",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    provider: text("provider", { enum: ["BRALE"] }).notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    providerEnvironment: text("provider_environment", { enum: ["SANDBOX", "PRODUCTION"] }).notNull(),
    status: text("status", { enum: ["ACTIVE", "INVALID", "REVOKED"] }).notNull(),
    apiClientId: text("api_client_id").notNull(),
    apiClientSecretEnc: text("api_client_secret_enc").notNull(),
    lastVerifiedAt: timestamp("last_verified_at", { withTimezone: true, mode: "date" }),
    idempotencyKey: text("idempotency_key"),
    requestDigest: text("request_digest"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("stablecoin_provider_accounts_idempotency_uq")
      .on(t.platformId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    uniqueIndex("stablecoin_provider_accounts_account_uq").on(
      t.platformId,
      t.provider,
      t.providerEnvironment,
      t.providerAccountId,
    ),
    index("stablecoin_provider_accounts_platform_idx").on(t.platformId, t.id),
  ],
);

/** A provider-created stablecoin registered with the service. Its supply lives on the ledger (STABLECOIN_ISSUED). */
export const stablecoins = pgTable(
  "stablecoins",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    providerAccountId: uuid("provider_account_id")
      .notNull()
      .references(() => stablecoinProviderAccounts.id),
    provider: text("provider", { enum: ["BRALE"] }).notNull(),
    providerEnvironment: text("provider_environment", { enum: ["SANDBOX", "PRODUCTION"] }).notNull(),
    providerTokenIdentifier: text("provider_token_identifier").notNull(),
    networkTokenIdentifier: text("network_token_identifier").notNull(),
    network: text("network", { enum: ["SPARK"] }).notNull(),
    name: text("name").notNull(),
    symbol: text("symbol").notNull(),
    baseCurrency: text("base_currency").notNull(),
    decimals: integer("decimals").notNull(),
    issuanceStatus: text("issuance_status", {
      enum: ["PENDING_REVIEW", "PROVISIONING", "PROVISIONED", "REJECTED", "FAILED"],
    }).notNull(),
    gridOperationsStatus: text("grid_operations_status", {
      enum: ["NOT_ENABLED", "PENDING_APPROVAL", "ENABLING", "ENABLED", "DISABLED"],
    }).notNull(),
    /** The service currency code once enabled for normal operations (absent until then). */
    currency: text("currency"),
    idempotencyKey: text("idempotency_key"),
    requestDigest: text("request_digest"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("stablecoins_idempotency_uq")
      .on(t.platformId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    uniqueIndex("stablecoins_token_uq").on(t.platformId, t.providerEnvironment, t.providerTokenIdentifier),
    index("stablecoins_platform_idx").on(t.platformId, t.id),
  ],
);

export type StablecoinOperationStatus =
  | "CREATED"
  | "PENDING_FUNDING"
  | "PENDING_PROVIDER"
  | "PROCESSING"
  | "COMPLETED"
  | "FAILED"
  | "EXPIRED";

/**
 * A mint or burn with the issuer provider. It moves asynchronously: the worker (lib/server/stablecoins/worker.ts) claims
 * rows whose `nextStepAt` has come (FOR UPDATE SKIP LOCKED) and applies the provider's next step, the ledger
 * postings and the status in one transaction, so a restart or a second instance loses and repeats nothing.
 */
export const stablecoinOperations = pgTable(
  "stablecoin_operations",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    stablecoinId: uuid("stablecoin_id")
      .notNull()
      .references(() => stablecoins.id),
    providerAccountId: uuid("provider_account_id")
      .notNull()
      .references(() => stablecoinProviderAccounts.id),
    operationType: text("operation_type", { enum: ["MINT", "BURN"] }).notNull(),
    status: text("status").$type<StablecoinOperationStatus>().notNull(),
    /** In the stablecoin's smallest unit. */
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    /** The same value in the base currency's smallest unit (cents): what moves on the fiat side. */
    fiatAmount: bigint("fiat_amount", { mode: "bigint" }).notNull(),
    /** Wire view of the source and destination (StablecoinOperationSource / Destination). */
    source: json("source", stringMap).notNull(),
    destination: json("destination", stringMap).notNull(),
    fundingInstructions: json("funding_instructions", stringMap),
    estimatedDelivery: json("estimated_delivery", stringMap),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    providerStatus: text("provider_status"),
    failureReason: text("failure_reason"),
    description: text("description"),
    /** When the provider's next step is due; null once terminal. */
    nextStepAt: timestamp("next_step_at", { withTimezone: true, mode: "date" }),
    idempotencyKey: text("idempotency_key"),
    requestDigest: text("request_digest"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("stablecoin_operations_idempotency_uq")
      .on(t.platformId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index("stablecoin_operations_stablecoin_idx").on(t.stablecoinId, t.id),
    // The worker's claim walks it: the platforms with operations in progress, and each one's due steps (db/fair-pick.ts).
    index("stablecoin_operations_due_idx").on(t.platformId, t.nextStepAt).where(sql`${t.nextStepAt} is not null`),
  ],
);
