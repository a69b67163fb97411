import { getHandle } from "@/db/client";
import { errorFields } from "@/db/errors";
import { env } from "@/lib/config/env";
import { logger } from "@/lib/log/logger";
import { startPollLoop } from "@/lib/worker-loop/poll-loop";
import { deliverDue, type AttemptOutcome } from "./deliver-due";
import { dispatchOutbox } from "./dispatch-outbox";

/** One step of the worker: fan out the outbox, then send what is due. Tests call it directly. */
export async function runWebhookWorkerOnce(): Promise<{ dispatched: number; attempts: AttemptOutcome[] }> {
  const dispatched = await dispatchOutbox();
  const attempts = await deliverDue();
  return { dispatched, attempts };
}

/** The channel a trigger on `outbox_events` notifies once per inserting statement, at its commit (migration 0011). */
export const OUTBOX_CHANNEL = "outbox_events";

/**
 * The in-process worker loop (started by lib/startup/startup.ts). All its state is in the
 * database, so any number of server instances may run it and a restart loses nothing.
 * A committed event wakes it through LISTEN/NOTIFY (every listening instance wakes; SKIP LOCKED gives each a
 * disjoint batch), so a webhook leaves within milliseconds of its commit; polling every WEBHOOK_POLL_MS stays
 * as the fallback (a lost notification, a dropped listening connection) and for retries, which come due by time.
 */
export function startWebhookWorker(): { stop: () => void } {
  const loop = startPollLoop("webhook worker", env().WEBHOOK_POLL_MS, async () => {
    const r = await runWebhookWorkerOnce();
    return r.dispatched > 0 || r.attempts.length > 0;
  });
  let unlisten: (() => Promise<void>) | undefined;
  let stopped = false;
  getHandle()
    .then((h) => h.listen(OUTBOX_CHANNEL, loop.wake))
    .then((u) => {
      unlisten = u;
      if (stopped) void u();
    })
    .catch((e) => logger.warn({ err: errorFields(e) }, "webhook worker: LISTEN failed; polling only"));
  return {
    stop: () => {
      stopped = true;
      loop.stop();
      void unlisten?.().catch(() => {});
    },
  };
}
