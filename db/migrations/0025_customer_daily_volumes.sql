CREATE TABLE "customer_daily_volumes" (
	"customer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"usd_value_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_daily_volumes_customer_id_day_pk" PRIMARY KEY("customer_id","day")
);
--> statement-breakpoint
ALTER TABLE "customer_daily_volumes" ADD CONSTRAINT "customer_daily_volumes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The running total behind the daily-volume check (lib/money/limits.ts sentTodayUsdCents): a transaction counts
-- usd_value_cents into (customer_id, the UTC date of created_at) while it has a customer and is OUTGOING, not FUNDING
-- and COMPLETED; otherwise 0. Each write to transactions applies new contribution minus old, in its own database
-- transaction, so every writer (the state machine, direct SQL in tests and fixtures) keeps the total right.
-- COMPLETED only, not PROCESSING: see the lock order in lib/money/limits.ts (the volume row is written only by a
-- COMPLETE, under the customer's row lock; a PROCESSING row is never committed, so the sums agree).
CREATE OR REPLACE FUNCTION customer_daily_volume_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_cents bigint := 0;
  new_cents bigint := 0;
  old_day date;
  new_day date;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.customer_id IS NOT NULL AND OLD.direction = 'OUTGOING' AND OLD.kind <> 'FUNDING' AND OLD.status = 'COMPLETED' THEN
      old_cents := OLD.usd_value_cents;
      old_day := (OLD.created_at AT TIME ZONE 'utc')::date;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.customer_id IS NOT NULL AND NEW.direction = 'OUTGOING' AND NEW.kind <> 'FUNDING' AND NEW.status = 'COMPLETED' THEN
      new_cents := NEW.usd_value_cents;
      new_day := (NEW.created_at AT TIME ZONE 'utc')::date;
    END IF;
  END IF;
  IF old_cents <> 0 AND new_cents <> 0 AND OLD.customer_id = NEW.customer_id AND old_day = new_day THEN
    -- The same (customer, day): one delta, nothing written when it is 0.
    new_cents := new_cents - old_cents;
    old_cents := 0;
  END IF;
  IF old_cents <> 0 THEN
    INSERT INTO customer_daily_volumes AS v (customer_id, day, usd_value_cents) VALUES (OLD.customer_id, old_day, -old_cents)
    ON CONFLICT (customer_id, day) DO UPDATE SET usd_value_cents = v.usd_value_cents + excluded.usd_value_cents;
  END IF;
  IF new_cents <> 0 THEN
    INSERT INTO customer_daily_volumes AS v (customer_id, day, usd_value_cents) VALUES (NEW.customer_id, new_day, new_cents)
    ON CONFLICT (customer_id, day) DO UPDATE SET usd_value_cents = v.usd_value_cents + excluded.usd_value_cents;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Three triggers, each with a WHEN clause evaluated without calling the function, so that a row that counts neither
-- before nor after (incoming money, funding, refusals, held and pending payments, the receipt's confirmation) costs
-- almost nothing.
CREATE TRIGGER transactions_daily_volume_insert AFTER INSERT ON transactions FOR EACH ROW
  WHEN (NEW.status = 'COMPLETED' AND NEW.direction = 'OUTGOING' AND NEW.kind <> 'FUNDING' AND NEW.customer_id IS NOT NULL)
  EXECUTE FUNCTION customer_daily_volume_apply();
--> statement-breakpoint
CREATE TRIGGER transactions_daily_volume_update
  AFTER UPDATE OF status, usd_value_cents, customer_id, direction, kind, created_at ON transactions FOR EACH ROW
  WHEN ((OLD.status = 'COMPLETED' AND OLD.direction = 'OUTGOING' AND OLD.kind <> 'FUNDING' AND OLD.customer_id IS NOT NULL)
     OR (NEW.status = 'COMPLETED' AND NEW.direction = 'OUTGOING' AND NEW.kind <> 'FUNDING' AND NEW.customer_id IS NOT NULL))
  EXECUTE FUNCTION customer_daily_volume_apply();
--> statement-breakpoint
CREATE TRIGGER transactions_daily_volume_delete AFTER DELETE ON transactions FOR EACH ROW
  WHEN (OLD.status = 'COMPLETED' AND OLD.direction = 'OUTGOING' AND OLD.kind <> 'FUNDING' AND OLD.customer_id IS NOT NULL)
  EXECUTE FUNCTION customer_daily_volume_apply();
--> statement-breakpoint
-- The totals of the transactions already there (the triggers above, created first in this migration's database
-- transaction, hold off concurrent writers to transactions until it commits).
INSERT INTO customer_daily_volumes (customer_id, day, usd_value_cents)
SELECT customer_id, (created_at AT TIME ZONE 'utc')::date, sum(usd_value_cents)
FROM transactions
WHERE customer_id IS NOT NULL AND direction = 'OUTGOING' AND kind <> 'FUNDING' AND status = 'COMPLETED'
GROUP BY 1, 2
HAVING sum(usd_value_cents) <> 0;
