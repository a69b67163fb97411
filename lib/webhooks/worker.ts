import { env } from "@/lib/config/env";
import { errorFields } from "@/db/errors";
import { logger } from "@/lib/log/logger";
import { deliverDue, type AttemptOutcome } from "./deliver-due";
import { dispatchOutbox } from "./dispatch-outbox";

/** One step of the worker: fan out the outbox, then send what is due. Tests call it directly. */
export async function runWebhookWorkerOnce(): Promise<{ dispatched: number; attempts: AttemptOutcome[] }> {
  const dispatched = await dispatchOutbox();
  const attempts = await deliverDue();
  return { dispatched, attempts };
}

type G = typeof globalThis & { __webhookWorker?: { stop: () => void } };
const g = globalThis as G;

/**
 * The in-process worker loop (started by lib/startup/startup.ts). All its state is in the
 * database, so any number of server instances may run it and a restart loses nothing.
 */
export function startWebhookWorker(): { stop: () => void } {
  if (g.__webhookWorker) return g.__webhookWorker;
  const pollMs = env().WEBHOOK_POLL_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const loop = async () => {
    if (stopped) return;
    let busy = false;
    try {
      const r = await runWebhookWorkerOnce();
      busy = r.dispatched > 0 || r.attempts.length > 0;
    } catch (e) {
      logger.error({ err: errorFields(e) }, "webhook worker step failed");
    }
    if (!stopped) timer = setTimeout(loop, busy ? 0 : pollMs);
    timer?.unref?.();
  };
  timer = setTimeout(loop, pollMs);
  timer.unref?.();
  g.__webhookWorker = {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      g.__webhookWorker = undefined;
    },
  };
  return g.__webhookWorker;
}
