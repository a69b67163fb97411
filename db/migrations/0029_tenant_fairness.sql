-- Workers claim in turns across platforms (db/fair-pick.ts): each claim index leads with platform_id, so a claim finds
-- the platforms with work by a loose index scan and each one's next rows by a range, however long one platform's
-- backlog is. Replaced, not added: the claims are the indexes' only readers, and the writes keep one index each.
-- rate_limit_windows: the fixed-window counts of lib/rate-limit/consume-window.ts (sandbox money simulations).
CREATE TABLE "rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "outbox_events_undispatched_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_due_idx";--> statement-breakpoint
DROP INDEX "stablecoin_operations_due_idx";--> statement-breakpoint
DROP INDEX "plaid_link_tokens_exchanged_idx";--> statement-breakpoint
CREATE INDEX "outbox_events_undispatched_idx" ON "outbox_events" USING btree ("platform_id","id") WHERE "outbox_events"."dispatched_at" is null;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("platform_id","next_attempt_at") WHERE "webhook_deliveries"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "stablecoin_operations_due_idx" ON "stablecoin_operations" USING btree ("platform_id","next_step_at") WHERE "stablecoin_operations"."next_step_at" is not null;--> statement-breakpoint
CREATE INDEX "plaid_link_tokens_exchanged_idx" ON "plaid_link_tokens" USING btree ("platform_id","updated_at") WHERE "plaid_link_tokens"."state" = 'EXCHANGED';