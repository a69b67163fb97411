import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { authMethods } from "./credentials";
import { internalAccounts } from "./customers";
import { platforms } from "./platforms";
import { z } from "zod";
import { json, jsonObject } from "./json-column";

/** Who may sign a signed request (protocol.md step 8): lib/server/signed-retry/signed-operation.ts `SignerRule`. Ids are bare uuids. */
export const signerRuleSchema = z.discriminatedUnion("kind", [
  /** An active session of the account; optionally exactly `sessionId`, or any session not issued by `excludeAuthMethodId`. */
  z.object({
    kind: z.literal("SESSION"),
    accountId: z.string(),
    sessionId: z.string().optional(),
    excludeAuthMethodId: z.string().optional(),
  }),
  /** Exactly this public key (EMAIL_OTP verify: the key sealed in the OTP bundle). */
  z.object({ kind: z.literal("KEY"), publicKey: z.string() }),
]);

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * AuthSession: a session key produced by verifying one credential. Only the public half is stored
 * (protocol.md "encryptedSessionSigningKey": the private scalar never reaches the database).
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    accountId: uuid("account_id")
      .notNull()
      .references(() => internalAccounts.id),
    authMethodId: uuid("auth_method_id")
      .notNull()
      .references(() => authMethods.id),
    type: text("type", { enum: ["PASSKEY", "OAUTH", "EMAIL_OTP", "SMS_OTP"] }).notNull(),
    /** SEC1 compressed, lowercase hex. */
    publicKey: text("public_key").notNull(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("auth_sessions_account_key_idx").on(t.accountId, t.publicKey),
    index("auth_sessions_auth_method_idx").on(t.authMethodId),
    index("auth_sessions_public_key_idx").on(t.publicKey),
  ],
);

/**
 * One signed-retry request per `Request-Id` (protocol.md "payloadToSign" and "Signed retry").
 * PENDING → ACCEPTED (one conditional UPDATE) → CONSUMED (one conditional UPDATE, in the transaction
 * that applies the operation). "Settled" = ACCEPTED and settle_at ≤ now(): the wallet provider's state.
 */
export const signedRequests = pgTable(
  "signed_requests",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    accountId: uuid("account_id"),
    /** The operation's name in the registry (lib/server/signed-retry), e.g. `credentials.delete`. */
    operation: text("operation").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    /** sha256 hex of the canonical JSON of the request body. */
    bodyDigest: text("body_digest").notNull(),
    payload: text("payload").notNull(),
    credentialType: text("credential_type"),
    /** Who may sign. */
    signer: json("signer", signerRuleSchema).notNull(),
    /** Non-secret facts the operation needs at acceptance (ids, the bound parameters). */
    context: json("context", jsonObject).notNull(),
    state: text("state", { enum: ["PENDING", "ACCEPTED", "CONSUMED"] }).notNull(),
    /** SUCCEEDED or the error code the terminal answer carried. */
    outcome: text("outcome"),
    /** The accepted stamp's key and signature: an identical re-send must carry the same. */
    acceptedSigner: text("accepted_signer"),
    acceptedSignature: text("accepted_signature"),
    /** sha256 hex of the accepted `Service-Wallet-Signature` header as received: a replay needs the byte-identical header. */
    acceptedStampDigest: text("accepted_stamp_digest"),
    /**
     * The terminal response (protocol.md step 10, revised), stored in the transaction that applied the effect and
     * replayed to identical re-sends until expires_at. Keys in it are already sealed to the client. Export stores none.
     */
    responseStatus: integer("response_status"),
    /** Replayed as it was written: the edge parses it with the operation's response schema. */
    responseBody: json("response_body", z.unknown()),
    expiresAt: ts("expires_at").notNull(),
    acceptedAt: ts("accepted_at"),
    settleAt: ts("settle_at"),
    consumedAt: ts("consumed_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  // Every state: the sweeper (lib/server/sweeper) deletes rows past expires_at + retention.
  (t) => [index("signed_requests_expires_idx").on(t.expiresAt)],
);

/**
 * One EMAIL_OTP issuance: the code only as a keyed digest, the HPKE target key's private half only
 * encrypted (and erased after use or expiry).
 */
export const otpChallenges = pgTable(
  "otp_challenges",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    authMethodId: uuid("auth_method_id")
      .notNull()
      .references(() => authMethods.id),
    /** HMAC-SHA256 (key derived from the key-encryption key) over `<id>:<code>`, hex. */
    codeDigest: text("code_digest").notNull(),
    /** Uncompressed hex. */
    targetPublicKey: text("target_public_key").notNull(),
    /** encryptAtRest(KEK, private scalar); null once used, superseded or expired. */
    targetPrivateKeyEnc: text("target_private_key_enc"),
    attempts: integer("attempts").notNull().default(0),
    state: text("state", { enum: ["ACTIVE", "USED", "EXHAUSTED", "SUPERSEDED", "EXPIRED"] }).notNull(),
    expiresAt: ts("expires_at").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("otp_challenges_auth_method_idx").on(t.authMethodId, t.createdAt),
    index("otp_challenges_live_expiry_idx").on(t.expiresAt).where(sql`${t.state} = 'ACTIVE'`),
    index("otp_challenges_expires_idx").on(t.expiresAt),
  ],
);

/** Sliding-window rate-limit log: one row per counted event (lib/server/rate-limit). */
export const rateLimitEvents = pgTable(
  "rate_limit_events",
  {
    id: uuid("id").primaryKey(),
    key: text("key").notNull(),
    at: ts("at").notNull().defaultNow(),
  },
  (t) => [index("rate_limit_events_key_at_idx").on(t.key, t.at), index("rate_limit_events_at_idx").on(t.at)],
);

/**
 * Fixed one-minute windows of the limits counted per key without a log (lib/server/rate-limit/consume-window.ts): one row per
 * key, reused by its next window, so the table holds one row per limited thing (a sandbox platform) and needs no sweep.
 */
export const rateLimitWindows = pgTable("rate_limit_windows", {
  key: text("key").primaryKey(),
  windowStart: ts("window_start").notNull(),
  count: integer("count").notNull(),
});

/**
 * Failed platform authentications (protocol.md "Failed platform authentication"): one fixed one-minute window
 * per key (`client:<client id>` or `source:<address>`), so that a throttled attempt answers 429 without hashing.
 */
export const platformAuthFailures = pgTable(
  "platform_auth_failures",
  {
    key: text("key").primaryKey(),
    windowStart: ts("window_start").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("platform_auth_failures_window_idx").on(t.windowStart)],
);
