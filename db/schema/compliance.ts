import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { customers } from "./customers";
import { platforms } from "./platforms";
import { z } from "zod";
import { json, jsonObject, stringList } from "./json-column";

/** POST /verifications results (KYC for INDIVIDUAL, KYB for BUSINESS customers). */
export const verifications = pgTable(
  "verifications",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    verificationStatus: text("verification_status").notNull(),
    /** VerificationError[] as the API serializes them. */
    errors: json("errors", z.array(jsonObject)).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("verifications_platform_idx").on(t.platformId, t.id),
    index("verifications_customer_idx").on(t.customerId, t.id),
  ],
);

/** Hosted KYC links: only a digest of the single-use token is kept. */
export const kycLinks = pgTable("kyc_links", {
  id: uuid("id").primaryKey(),
  platformId: uuid("platform_id")
    .notNull()
    .references(() => platforms.id),
  customerId: uuid("customer_id")
    .notNull()
    .references(() => customers.id),
  tokenDigest: text("token_digest").notNull().unique(),
  redirectUri: text("redirect_uri"),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** Beneficial owners and control persons of BUSINESS customers (KYB). */
export const beneficialOwners = pgTable(
  "beneficial_owners",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    roles: json("roles", stringList).notNull(),
    ownershipPercentage: integer("ownership_percentage").notNull(),
    /** personalInfo without `identifier`, which is kept only encrypted (identifierEncrypted). */
    personalInfo: json("personal_info", jsonObject).notNull(),
    identifierEncrypted: text("identifier_encrypted"),
    kycStatus: text("kyc_status").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("beneficial_owners_platform_idx").on(t.platformId, t.id),
    index("beneficial_owners_customer_idx").on(t.customerId, t.id),
  ],
);

/** KYC/KYB documents: metadata here; the bytes, encrypted under the KEK, in a document store (lib/server/documents/document-store.ts). */
export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    /** The owning customer (for a beneficial owner's document: that owner's business customer). */
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    beneficialOwnerId: uuid("beneficial_owner_id").references(() => beneficialOwners.id),
    documentType: text("document_type").notNull(),
    side: text("side"),
    country: text("country").notNull(),
    documentNumber: text("document_number"),
    issuingAuthority: text("issuing_authority"),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    /** Where the encrypted bytes live: `pg` (document_blobs) or `s3`. */
    storage: text("storage").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("documents_platform_idx").on(t.platformId, t.id), index("documents_customer_idx").on(t.customerId)],
);

/** The default document store: AES-256-GCM ciphertext (`v1.<iv>.<ct>`) of each stored object. */
export const documentBlobs = pgTable("document_blobs", {
  key: text("key").primaryKey(),
  ciphertext: text("ciphertext").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** The outstanding code of a contact verification (one per customer and channel; only its keyed digest). */
export const contactChallenges = pgTable(
  "contact_challenges",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    channel: text("channel", { enum: ["email", "phone"] }).notNull(),
    /** The address or number the code was sent to: confirming proves this value, not a later one. */
    destination: text("destination").notNull(),
    codeDigest: text("code_digest").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("contact_challenges_customer_channel_uq").on(t.customerId, t.channel)],
);

/** Strong Customer Authentication state of a customer (EEA/CH/UK customers only). */
export const scaStates = pgTable("sca_states", {
  customerId: uuid("customer_id")
    .primaryKey()
    .references(() => customers.id),
  platformId: uuid("platform_id")
    .notNull()
    .references(() => platforms.id),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
  sessionExpiresAt: timestamp("session_expires_at", { withTimezone: true, mode: "date" }),
  /** TOTP shared secrets, AES-256-GCM under the KEK (the pending one until its first code confirms it). */
  totpSecretEnc: text("totp_secret_enc"),
  totpPendingSecretEnc: text("totp_pending_secret_enc"),
  /** The last TOTP time step a code was accepted for: a code (and any earlier one) is used once (RFC 6238 §5.2). */
  totpLastStep: bigint("totp_last_step", { mode: "number" }),
  /** Keyed digests of the unused TOTP recovery codes. */
  recoveryCodeDigests: json("recovery_code_digests", stringList).notNull().default([]),
  /** The outstanding SMS_OTP login challenge: id, keyed digest of its code, expiry. */
  loginChallengeId: uuid("login_challenge_id"),
  loginCodeDigest: text("login_code_digest"),
  loginChallengeExpiresAt: timestamp("login_challenge_expires_at", { withTimezone: true, mode: "date" }),
  /** The outstanding PASSKEY enrollment: its WebAuthn challenge (base64url) and expiry. */
  passkeyEnrollChallenge: text("passkey_enroll_challenge"),
  passkeyEnrollExpiresAt: timestamp("passkey_enroll_expires_at", { withTimezone: true, mode: "date" }),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * One SCA challenge of a money movement or a beneficiary change (Grid's ScaChallenge): a quote's
 * authorization (purpose QUOTE, subject the quote) or a trust/untrust (subject the external account).
 * SMS_OTP codes are kept as keyed digests; PASSKEY challenges keep the WebAuthn challenge.
 */
export const scaChallenges = pgTable(
  "sca_challenges",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    purpose: text("purpose", { enum: ["QUOTE", "TRUST", "UNTRUST", "LOGIN"] }).notNull(),
    subjectId: uuid("subject_id").notNull(),
    factor: text("factor", { enum: ["SMS_OTP", "TOTP", "PASSKEY"] }).notNull(),
    codeDigest: text("code_digest"),
    passkeyChallenge: text("passkey_challenge"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("sca_challenges_subject_idx").on(t.subjectId, t.createdAt),
    index("sca_challenges_expiry_idx").on(t.expiresAt),
  ],
);

/** PASSKEY SCA factors (WebAuthn credentials of the customer, under the platform's wallet RP settings). */
export const scaPasskeys = pgTable(
  "sca_passkeys",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    credentialId: text("credential_id").notNull(),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: json("transports", stringList).notNull().default([]),
    name: text("name"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sca_passkeys_credential_uq").on(t.platformId, t.credentialId),
    index("sca_passkeys_customer_idx").on(t.customerId),
  ],
);

/** Grid's liveness-gated 2FA reset of a lost SCA factor. */
export const scaFactorResets = pgTable(
  "sca_factor_resets",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    factor: text("factor", { enum: ["SMS_OTP", "TOTP", "PASSKEY"] }).notNull(),
    status: text("status", {
      enum: ["INITIATED", "PENDING_REVIEW", "LIVENESS_PASSED", "COMPLETED", "REJECTED", "EXPIRED"],
    }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("sca_factor_resets_customer_idx").on(t.customerId, t.createdAt)],
);
