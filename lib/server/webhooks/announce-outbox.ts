import { sql } from "drizzle-orm";
import { execRows, getDb } from "@/db/client";
import { errorFields } from "@/db/errors";
import { logger } from "@/lib/shared/log/logger";
import { wakePollLoop } from "@/lib/server/worker-loop/poll-loop";

/** The webhook worker's poll loop (lib/server/webhooks/worker.ts). */
export const WEBHOOK_WORKER_LOOP = "webhook worker";
/** What an instance without a webhook worker NOTIFYs when its events commit; every worker LISTENs on it. */
export const OUTBOX_CHANNEL = "outbox_events";

/**
 * Events have committed (lib/server/webhooks/emit-event.ts, through db/commit-hooks.ts afterCommit): wake a worker to fan
 * them out now rather than at its next poll.
 *
 * - This process runs the webhook worker: wake it in this process. Nothing crosses the network, and its fan-out
 *   takes every undispatched event, whichever instance wrote it.
 * - It does not (WEBHOOK_WORKER=off, a script, a test): a `NOTIFY outbox_events` wakes the workers of the other
 *   instances. A NOTIFY commits behind a lock of the whole cluster (db/commit-hooks.ts), so a process sends at most
 *   one every NOTIFY_GAP_MS: one not yet sent announces every event committed before it goes, and the events that
 *   commit while one is on its way are announced by the next. A burst of events costs a few NOTIFYs, not one each.
 *
 * Nothing is lost when an announcement is: a worker polls every WEBHOOK_POLL_MS all the same, which also covers
 * events written by anything other than this code (SQL by hand).
 */
export function announceOutbox(): void {
  if (wakePollLoop(WEBHOOK_WORKER_LOOP)) return;
  if (pacing.scheduled) return;
  if (pacing.sending) {
    pacing.sendAgain = true;
    return;
  }
  pacing.scheduled = true;
  setTimeout(send, Math.max(0, pacing.lastSentAt + NOTIFY_GAP_MS - Date.now())).unref?.();
}

/** The least time between two NOTIFYs of one process, in ms: at most 10 ms added to a webhook's way out. */
const NOTIFY_GAP_MS = 10;

/**
 * Only a way to send fewer NOTIFYs; a process that loses them (a restart) loses no event, and each process paces its
 * own. `scheduled`: a NOTIFY waits for its turn (it will cover whatever commits meanwhile); `sending`: one is on its way
 * (what commits now needs another). On globalThis: Next's server build may hold this module twice (one copy per chunk
 * that imports it), and one process paces its NOTIFYs once.
 */
type Pacing = { scheduled: boolean; sending: boolean; sendAgain: boolean; lastSentAt: number };
const g = globalThis as typeof globalThis & { __outboxNotifyPacing?: Pacing };
g.__outboxNotifyPacing ??= { scheduled: false, sending: false, sendAgain: false, lastSentAt: 0 };
const pacing = g.__outboxNotifyPacing;

async function send(): Promise<void> {
  pacing.scheduled = false;
  pacing.sending = true;
  pacing.lastSentAt = Date.now();
  try {
    await execRows(await getDb(), sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  } catch (e) {
    logger.warn({ err: errorFields(e) }, "webhook events: NOTIFY failed; the workers' polling will find them");
  } finally {
    pacing.sending = false;
    if (pacing.sendAgain) {
      pacing.sendAgain = false;
      announceOutbox();
    }
  }
}
