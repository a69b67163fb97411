import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { authMethods } from "./credentials";
import { internalAccounts } from "./customers";
import { platforms } from "./platforms";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Registration challenges already used to register a passkey (protocol.md "Passkeys": a registration
 * challenge seen before is refused). Only a digest is kept; the primary key makes "seen" atomic.
 */
export const passkeyRegistrationChallenges = pgTable("passkey_registration_challenges", {
  /** sha256 hex of the challenge bytes. */
  digest: text("digest").primaryKey(),
  platformId: uuid("platform_id")
    .notNull()
    .references(() => platforms.id),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/**
 * One passkey authentication challenge per `Request-Id` (POST /auth/credentials/{id}/challenge): it binds the
 * client's key, the credential and the request id; verify consumes it once (consumed_at, one conditional UPDATE).
 */
export const passkeyChallenges = pgTable(
  "passkey_challenges",
  {
    /** The bare uuid of `Request:<uuid>`. */
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
    /** As the client sent it (lowercased): the session key is sealed to it. A public key, not a secret. */
    clientPublicKey: text("client_public_key").notNull(),
    /** Lowercase hex SHA-256 of `payload`. */
    challenge: text("challenge").notNull(),
    payload: text("payload").notNull(),
    expiresAt: ts("expires_at").notNull(),
    consumedAt: ts("consumed_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("passkey_challenges_auth_method_idx").on(t.authMethodId),
    index("passkey_challenges_expiry_idx").on(t.expiresAt).where(sql`${t.consumedAt} is null`),
  ],
);

/**
 * OIDC tokens already used (registration or verify): "never seen before" (protocol.md "OIDC"). The token is
 * never stored, only a digest of its claims; the primary key makes the check atomic across instances.
 */
export const oidcTokenUses = pgTable(
  "oidc_token_uses",
  {
    digest: text("digest").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    authMethodId: uuid("auth_method_id"),
    /** The token's exp: a row may be purged after it, since an expired token is refused anyway. */
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at").notNull().defaultNow(),
  },
  (t) => [index("oidc_token_uses_expiry_idx").on(t.expiresAt)],
);
