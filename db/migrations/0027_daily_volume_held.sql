-- The daily volume counts every outgoing payment whose money has left the sender's balance and has not come back
-- (lib/money/limits.ts sentTodayUsdCents): COMPLETED, and PENDING after the debit (held by the receiving side:
-- transitions.ts HOLD). A PENDING transaction whose platform approval is pending (ENTRIES.AWAIT_APPROVAL) has not
-- executed and moved nothing, so it does not count; it counts once approved and held or completed. A held payment
-- that then fails (or is cancelled) leaves the total, as a failed payment never counts.
-- The lock order stays customer → accounts → volume row: a payment becomes PENDING-after-debit only at the end of its
-- execution (under the customer's and the accounts' locks, as COMPLETE), and the one transition out of it, CANCEL,
-- locks the customer before its update (lib/transactions/cancel-transaction.ts).
CREATE OR REPLACE FUNCTION customer_daily_volume_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_cents bigint := 0;
  new_cents bigint := 0;
  old_day date;
  new_day date;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.customer_id IS NOT NULL AND OLD.direction = 'OUTGOING' AND OLD.kind <> 'FUNDING'
       AND (OLD.status = 'COMPLETED' OR (OLD.status = 'PENDING' AND OLD.approval IS DISTINCT FROM 'PENDING')) THEN
      old_cents := OLD.usd_value_cents;
      old_day := (OLD.created_at AT TIME ZONE 'utc')::date;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.customer_id IS NOT NULL AND NEW.direction = 'OUTGOING' AND NEW.kind <> 'FUNDING'
       AND (NEW.status = 'COMPLETED' OR (NEW.status = 'PENDING' AND NEW.approval IS DISTINCT FROM 'PENDING')) THEN
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
DROP TRIGGER IF EXISTS transactions_daily_volume_insert ON transactions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS transactions_daily_volume_update ON transactions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS transactions_daily_volume_delete ON transactions;
--> statement-breakpoint
-- Each WHEN clause is evaluated without calling the function, so that a row that counts neither before nor after
-- (incoming money, funding, refusals, payments awaiting approval or SCA, the receipt's confirmation) costs almost
-- nothing.
CREATE TRIGGER transactions_daily_volume_insert AFTER INSERT ON transactions FOR EACH ROW
  WHEN ((NEW.status = 'COMPLETED' OR (NEW.status = 'PENDING' AND NEW.approval IS DISTINCT FROM 'PENDING'))
        AND NEW.direction = 'OUTGOING' AND NEW.kind <> 'FUNDING' AND NEW.customer_id IS NOT NULL)
  EXECUTE FUNCTION customer_daily_volume_apply();
--> statement-breakpoint
CREATE TRIGGER transactions_daily_volume_update
  AFTER UPDATE OF status, approval, usd_value_cents, customer_id, direction, kind, created_at ON transactions FOR EACH ROW
  WHEN (((OLD.status = 'COMPLETED' OR (OLD.status = 'PENDING' AND OLD.approval IS DISTINCT FROM 'PENDING'))
         AND OLD.direction = 'OUTGOING' AND OLD.kind <> 'FUNDING' AND OLD.customer_id IS NOT NULL)
     OR ((NEW.status = 'COMPLETED' OR (NEW.status = 'PENDING' AND NEW.approval IS DISTINCT FROM 'PENDING'))
         AND NEW.direction = 'OUTGOING' AND NEW.kind <> 'FUNDING' AND NEW.customer_id IS NOT NULL))
  EXECUTE FUNCTION customer_daily_volume_apply();
--> statement-breakpoint
CREATE TRIGGER transactions_daily_volume_delete AFTER DELETE ON transactions FOR EACH ROW
  WHEN ((OLD.status = 'COMPLETED' OR (OLD.status = 'PENDING' AND OLD.approval IS DISTINCT FROM 'PENDING'))
        AND OLD.direction = 'OUTGOING' AND OLD.kind <> 'FUNDING' AND OLD.customer_id IS NOT NULL)
  EXECUTE FUNCTION customer_daily_volume_apply();
--> statement-breakpoint
-- The held payments already there join the totals (the triggers above, created in this migration's database
-- transaction, hold off concurrent writers to transactions until it commits).
INSERT INTO customer_daily_volumes AS v (customer_id, day, usd_value_cents)
SELECT customer_id, (created_at AT TIME ZONE 'utc')::date, sum(usd_value_cents)
FROM transactions
WHERE customer_id IS NOT NULL AND direction = 'OUTGOING' AND kind <> 'FUNDING'
  AND status = 'PENDING' AND approval IS DISTINCT FROM 'PENDING'
GROUP BY 1, 2
HAVING sum(usd_value_cents) <> 0
ON CONFLICT (customer_id, day) DO UPDATE SET usd_value_cents = v.usd_value_cents + excluded.usd_value_cents;
