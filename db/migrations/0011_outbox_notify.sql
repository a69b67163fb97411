-- Wake the webhook workers when outbox events commit (lib/webhooks/worker.ts): one NOTIFY per inserting
-- statement, delivered by PostgreSQL only at COMMIT (never for a rolled-back event). Polling stays as the fallback.
CREATE OR REPLACE FUNCTION notify_outbox_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_events', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER outbox_events_notify AFTER INSERT ON outbox_events FOR EACH STATEMENT EXECUTE FUNCTION notify_outbox_events();
