import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { platforms } from "./platforms";

/**
 * One webhook delivery per outbox event (protocol.md "Webhooks"). `id` is the outbox event id and
 * the envelope id (`Webhook:<id>`), so receivers can de-duplicate. `body` is the exact envelope
 * text, fixed at fan-out, so every attempt sends the same bytes. A worker claims due rows with
 * FOR UPDATE SKIP LOCKED and pushes `next_attempt_at` forward by a lease before sending, so two
 * workers never send the same attempt at once; a worker killed mid-send leaves the row to be
 * claimed again once the lease ends (at-least-once).
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id),
    eventType: text("event_type").notNull(),
    body: text("body").notNull(),
    /** PENDING (to send or retry), DELIVERED (2xx, or 409 duplicate), FAILED (gave up / not retried), SKIPPED (no webhookUrl). */
    status: text("status", { enum: ["PENDING", "DELIVERED", "FAILED", "SKIPPED"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull(),
    giveUpAt: timestamp("give_up_at", { withTimezone: true, mode: "date" }).notNull(),
    lastUrl: text("last_url"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true, mode: "date" }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    // The claim walks it: the platforms with pending deliveries, and each one's due ones in order (db/fair-pick.ts).
    index("webhook_deliveries_due_idx").on(t.platformId, t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
    index("webhook_deliveries_platform_idx").on(t.platformId, t.id),
  ],
);

/**
 * One row per attempt at a webhook delivery (the console's webhook log): when, where, what the receiver answered
 * (status code only, never its body) or our short reason, and what followed. Written with the attempt's outcome.
 */
export const webhookDeliveryAttempts = pgTable(
  "webhook_delivery_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id),
    attempt: integer("attempt").notNull(),
    url: text("url"),
    statusCode: integer("status_code"),
    error: text("error"),
    /** DELIVERED, RETRY (another attempt is scheduled) or FAILED (given up). */
    result: text("result", { enum: ["DELIVERED", "RETRY", "FAILED"] }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    attemptedAt: timestamp("attempted_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("webhook_delivery_attempts_delivery_idx").on(t.deliveryId, t.attempt)],
);
