import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { platforms } from "./platforms";
import { json, jsonObject } from "./json-column";

/**
 * Events written in the same transaction as the state change that causes them
 * (ARCHITECTURE.md "Outbox"). Delivery (webhooks) reads from here.
 */
export const outboxEvents = pgTable(
  "outbox_events",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    type: text("type").notNull(),
    /** The full resource, as the API serializes it. */
    data: json("data", jsonObject).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Set when the webhook worker has turned the event into a delivery (lib/server/webhooks/dispatch-outbox.ts). */
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("outbox_events_platform_idx").on(t.platformId, t.id),
    // The fan-out's claim walks it: the platforms with undispatched events, and each one's in order (db/fair-pick.ts).
    index("outbox_events_undispatched_idx").on(t.platformId, t.id).where(sql`${t.dispatchedAt} is null`),
  ],
);
