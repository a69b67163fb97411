import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { customers } from "./customers";
import { platforms } from "./platforms";
import { json, jsonObject } from "./json-column";

/**
 * UMA invitations (`POST /invitations`). The code is the capability that the invitee's platform presents
 * (invitations cross platforms by design); claiming is one conditional update from PENDING, so one claim wins.
 */
export const umaInvitations = pgTable(
  "uma_invitations",
  {
    code: text("code").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id, { onDelete: "cascade" }),
    inviterCustomerId: uuid("inviter_customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    inviterUma: text("inviter_uma").notNull(),
    firstName: text("first_name"),
    amountToSend: bigint("amount_to_send", { mode: "bigint" }),
    amountCurrency: text("amount_currency"),
    status: text("status", { enum: ["PENDING", "CLAIMED", "CANCELLED"] }).notNull(),
    inviteeUma: text("invitee_uma"),
    claimedByPlatformId: uuid("claimed_by_platform_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    claimedAt: timestamp("claimed_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("uma_invitations_platform_idx").on(t.platformId, t.createdAt)],
);

/** A receiver lookup (`GET /receiver/…`): what the counterparty answered, for the quote that names it (`lookupId`). */
export const receiverLookups = pgTable(
  "receiver_lookups",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id"),
    receiverUmaAddress: text("receiver_uma_address"),
    externalAccountId: uuid("external_account_id"),
    /** The counterparty's answer: supported currencies, required payer data and, in sandbox, the scripted outcome. */
    answer: json("answer", jsonObject).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("receiver_lookups_platform_idx").on(t.platformId, t.id)],
);

/**
 * The platform's UMA VASP keys (`/.well-known/lnurlpubkey`): a secp256k1 signing key and a secp256k1 encryption key,
 * each published as a self-signed X.509 certificate; the private keys only AES-256-GCM-encrypted under the KEK,
 * bound to this row and their use (lib/server/uma/vasp-keys.ts).
 */
export const umaVaspKeys = pgTable("uma_vasp_keys", {
  platformId: uuid("platform_id")
    .primaryKey()
    .references(() => platforms.id, { onDelete: "cascade" }),
  signingCertPem: text("signing_cert_pem").notNull(),
  signingPrivateKeyEnc: text("signing_private_key_enc").notNull(),
  encryptionCertPem: text("encryption_cert_pem").notNull(),
  encryptionPrivateKeyEnc: text("encryption_private_key_enc").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * Nonces of other VASPs' signed UMA messages seen here (lib/server/uma/nonce-cache.ts): a nonce is accepted once per
 * signing VASP, and only with a fresh timestamp; rows past the window are swept.
 */
export const umaNonces = pgTable(
  "uma_nonces",
  {
    vaspDomain: text("vasp_domain").notNull(),
    nonce: text("nonce").notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vaspDomain, t.nonce] }), index("uma_nonces_signed_idx").on(t.signedAt)],
);

/**
 * Receiving: an invoice this service issued in answer to another VASP's pay request (the PayReqResponse's `pr`), for
 * the receiving customer's account and amount. Its settlement credits once: `transaction_id` is set in the credit's
 * database transaction, from NULL only (lib/server/uma-settlement/settle-incoming.ts).
 */
export const umaInvoices = pgTable(
  "uma_invoices",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    accountId: uuid("account_id").notNull(),
    senderVaspDomain: text("sender_vasp_domain").notNull(),
    payerIdentifier: text("payer_identifier").notNull(),
    payerName: text("payer_name"),
    currency: text("currency").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    transactionId: uuid("transaction_id"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("uma_invoices_platform_idx").on(t.platformId, t.createdAt)],
);

/**
 * Sending: what the receiver's VASP answered to this quote's pay request (its signed PayReqResponse), by the quote's
 * transaction id, read when the quote executes to settle the invoice (lib/server/uma/deliver-settlement.ts).
 */
export const umaOutgoingPayments = pgTable("uma_outgoing_payments", {
  transactionId: uuid("transaction_id").primaryKey(),
  platformId: uuid("platform_id")
    .notNull()
    .references(() => platforms.id, { onDelete: "cascade" }),
  receiverAddress: text("receiver_address").notNull(),
  invoice: text("invoice").notNull(),
  payerIdentifier: text("payer_identifier").notNull(),
  currency: text("currency").notNull(),
  amount: bigint("amount", { mode: "bigint" }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
