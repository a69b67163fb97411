import { env } from "@/lib/config/env";
import { startBackgroundLoop, type BackgroundLoop } from "@/lib/api-core/background-loop";
import { deliverDue, type AttemptOutcome } from "./deliver-due";
import { dispatchOutbox } from "./dispatch-outbox";

/** One step of the worker: fan out the outbox, then send what is due. Tests call it directly. */
export async function runWebhookWorkerOnce(): Promise<{ dispatched: number; attempts: AttemptOutcome[] }> {
  const dispatched = await dispatchOutbox();
  const attempts = await deliverDue();
  return { dispatched, attempts };
}

/**
 * The in-process worker loop (started by lib/startup/startup.ts). All its state is in the
 * database, so any number of server instances may run it and a restart loses nothing.
 */
export function startWebhookWorker(): BackgroundLoop {
  return startBackgroundLoop("webhook worker", env().WEBHOOK_POLL_MS, async () => {
    const r = await runWebhookWorkerOnce();
    return r.dispatched > 0 || r.attempts.length > 0;
  });
}
