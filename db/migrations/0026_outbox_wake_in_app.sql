-- The webhook worker is woken by the application once a transaction that wrote events has committed
-- (lib/webhooks/announce-outbox.ts), no longer by a NOTIFY inside every such transaction: PostgreSQL serialises the
-- commits of notifying transactions behind one lock of the cluster, held through the WAL flush, and one per payment
-- cost about a quarter of PostgreSQL's time and a third of its throughput at 16 concurrent payments (pgbench, 2 cores, 2026-11). Polling
-- (WEBHOOK_POLL_MS) still finds events written by anything else.
DROP TRIGGER IF EXISTS outbox_events_notify ON outbox_events;
--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_outbox_events();
