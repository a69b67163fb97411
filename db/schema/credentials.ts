import { sql } from "drizzle-orm";
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { internalAccounts } from "./customers";
import { platforms } from "./platforms";
import { json, stringList } from "./json-column";

/** AuthMethod: a credential of an EMBEDDED_WALLET internal account. */
export const authMethods = pgTable(
  "auth_methods",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    accountId: uuid("account_id")
      .notNull()
      .references(() => internalAccounts.id),
    type: text("type", { enum: ["PASSKEY", "OAUTH", "EMAIL_OTP", "SMS_OTP"] }).notNull(),
    nickname: text("nickname"),
    /** PASSKEY: WebAuthn credential id (base64url). */
    credentialId: text("credential_id"),
    /** PASSKEY: COSE public key (base64url). */
    publicKey: text("public_key"),
    signCount: bigint("sign_count", { mode: "number" }),
    transports: json("transports", stringList),
    /** OAUTH identity. */
    oidcIssuer: text("oidc_issuer"),
    oidcSubject: text("oidc_subject"),
    oidcAudience: text("oidc_audience"),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("auth_methods_account_idx").on(t.accountId),
    uniqueIndex("auth_methods_passkey_credential_uq")
      .on(t.platformId, t.credentialId)
      .where(sql`${t.credentialId} is not null and ${t.revokedAt} is null`),
    // One OAUTH credential per provider identity (spec "Limits"), per platform.
    uniqueIndex("auth_methods_oauth_identity_uq")
      .on(t.platformId, t.oidcIssuer, t.oidcSubject)
      .where(sql`${t.type} = 'OAUTH' and ${t.revokedAt} is null`),
    uniqueIndex("auth_methods_email_otp_one_per_account_uq")
      .on(t.accountId, t.type)
      .where(sql`${t.type} in ('EMAIL_OTP', 'SMS_OTP') and ${t.revokedAt} is null`),
  ],
);
