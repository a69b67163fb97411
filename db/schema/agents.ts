import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid, boolean } from "drizzle-orm/pg-core";
import { customers } from "./customers";
import { platforms } from "./platforms";
import { json, jsonObject } from "./json-column";

/** An agent acting for one customer under a policy. Deleting the row ends its access at once. */
export const agents = pgTable(
  "agents",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    name: text("name").notNull(),
    isPaused: boolean("is_paused").notNull().default(false),
    /** AgentPolicy as the API shows it (lib/server/agents/agent.contract.ts). */
    policy: json("policy", jsonObject).notNull(),
    /** Permissions copied out of the policy so the AgentAuth lookup reads one narrow row. */
    permissions: text("permissions").array().notNull(),
    /** Lowercase hex SHA-256 of the access token (`gat_…`); never the token. Null until a device code is redeemed. */
    tokenDigest: text("token_digest"),
    connectedAt: timestamp("connected_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("agents_token_digest_uq").on(t.tokenDigest),
    index("agents_platform_idx").on(t.platformId, t.id),
    index("agents_customer_idx").on(t.customerId, t.id),
  ],
);

/**
 * Device codes that install an agent: single use, expiring; stored as a keyed digest (lib/server/agents/agent-secrets.ts
 * `deviceCodeDigest`: HMAC under a key derived from the key-encryption key over the SHA-256 of the normalised code).
 */
export const agentDeviceCodes = pgTable(
  "agent_device_codes",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    codeDigest: text("code_digest").notNull(),
    /** False (the column default, so every row older than this column) = a plain SHA-256 digest: start-up re-keys those (lib/server/agents/rekey-device-codes.ts). */
    keyed: boolean("keyed").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true, mode: "date" }),
    /** Set when a newer code for the same agent replaced this unredeemed one. */
    supersededAt: timestamp("superseded_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("agent_device_codes_digest_uq").on(t.codeDigest),
    index("agent_device_codes_agent_idx").on(t.agentId),
    index("agent_device_codes_expires_idx").on(t.expiresAt),
  ],
);

/**
 * Fixed-window counters of redemption attempts (protocol.md "Rate limit defaults": 10/min per code), keyed by the
 * code's digest, and across codes by `source:<address>` (lib/server/agents/limit-redeem-attempts.ts).
 */
export const agentRedeemAttempts = pgTable(
  "agent_redeem_attempts",
  {
    codeDigest: text("code_digest").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true, mode: "date" }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("agent_redeem_attempts_window_idx").on(t.windowStart)],
);
