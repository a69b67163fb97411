import { getHandle } from "@/db/client";
import { errorFields } from "@/db/errors";
import { env } from "@/lib/shared/config/env";
import { logger } from "@/lib/shared/log/logger";
import { startPollLoop } from "@/lib/server/worker-loop/poll-loop";
import { createDeliverySlots } from "./delivery-slots";
import { OUTBOX_CHANNEL, WEBHOOK_WORKER_LOOP } from "./announce-outbox";
import { DELIVERIES_CHANNEL, dispatchOutbox } from "./dispatch-outbox";

/**
 * The in-process worker loop (started by lib/server/edge/startup/startup.ts). All its state is in the
 * database, so any number of server instances may run it and a restart loses nothing.
 * A committed event wakes it at once (announce-outbox.ts): in this process when the event was written here, else by
 * LISTEN/NOTIFY from the instance that wrote it (SKIP LOCKED gives each worker a disjoint batch), so a webhook leaves
 * within milliseconds of its commit; polling every WEBHOOK_POLL_MS stays as the fallback (a lost notification, a
 * dropped listening connection, an event written by other code) and for retries, which come due by time.
 * A step fans the outbox out and fills the free delivery slots (WEBHOOK_CONCURRENCY per instance, at most
 * WEBHOOK_PLATFORM_CONCURRENCY of them for one platform, claimed in turns across platforms); each delivery
 * is sent and recorded on its own, and a freed slot claims the next due one, so the loop never waits for a
 * receiver. A fan-out notifies DELIVERIES_CHANNEL at its commit, so every instance (not only the one that fanned
 * out) claims the new deliveries at once.
 */
export function startWebhookWorker(): { stop: () => void } {
  const cfg = env();
  const perPlatform = Math.min(
    cfg.WEBHOOK_CONCURRENCY,
    cfg.WEBHOOK_PLATFORM_CONCURRENCY ?? Math.max(1, Math.floor(cfg.WEBHOOK_CONCURRENCY / 4)),
  );
  const slots = createDeliverySlots(cfg.WEBHOOK_CONCURRENCY, perPlatform);
  const loop = startPollLoop(WEBHOOK_WORKER_LOOP, cfg.WEBHOOK_POLL_MS, async () => {
    const dispatched = await dispatchOutbox();
    await slots.fill();
    return dispatched > 0;
  });
  const unlisten: (() => Promise<void>)[] = [];
  let stopped = false;
  getHandle()
    .then(async (h) => {
      unlisten.push(await h.listen(OUTBOX_CHANNEL, loop.wake));
      unlisten.push(await h.listen(DELIVERIES_CHANNEL, () => void slots.fill()));
      if (stopped) for (const u of unlisten) void u().catch(() => {});
    })
    .catch((e) => logger.warn({ err: errorFields(e) }, "webhook worker: LISTEN failed; polling only"));
  return {
    stop: () => {
      stopped = true;
      loop.stop();
      slots.stop();
      for (const u of unlisten) void u().catch(() => {});
    },
  };
}
