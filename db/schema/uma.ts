import { bigint, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
