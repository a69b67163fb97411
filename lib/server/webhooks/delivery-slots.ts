import { errorFields } from "@/db/errors";
import { logger } from "@/lib/shared/log/logger";
import { attemptDelivery, claimDue } from "./deliver-due";
import { getWebhookSigningKey } from "./signing-key";

export interface DeliverySlots {
  /**
   * Claim as many due deliveries as there are free slots and start sending them; resolves once they are
   * claimed (not sent). Calls made while a fill runs are folded into one more fill after it.
   * Returns how many it claimed.
   */
  fill: () => Promise<number>;
  /** Deliveries this instance is sending now. */
  inFlight: () => number;
  /** Claim nothing more (the deliveries in flight finish and record their outcomes). */
  stop: () => void;
}

/**
 * The webhook worker's deliveries in flight, at most `concurrency` per instance and `perPlatform` per platform. Each
 * delivery is claimed (SKIP LOCKED, with its lease), sent and recorded on its own, so a slow receiver holds one slot
 * and never the others; a freed slot claims the next due delivery at once when the last claim suggested more are due.
 * The per-platform cap keeps slots free for the other platforms while one platform's receiver is slow and its backlog
 * long: their deliveries are claimed at once instead of after that backlog (deliver-due.ts `claimDue`).
 */
export function createDeliverySlots(concurrency: number, perPlatform = concurrency): DeliverySlots {
  let inFlight = 0;
  const byPlatform = new Map<string, number>();
  let filling: Promise<number> | undefined;
  let again = false;
  // The last claim found work (or no free slot), or a platform is at its cap: more may be due, so a freed slot claims again.
  let backlog = false;
  let stopped = false;

  const fillOnce = async (): Promise<number> => {
    const free = concurrency - inFlight;
    if (free <= 0) {
      backlog = true;
      return 0;
    }
    const claimed = await claimDue(free, perPlatform, Object.fromEntries(byPlatform));
    // A platform at its cap may have more due: a slot it frees claims again.
    const atCap = () => [...byPlatform.values()].some((n) => n >= perPlatform);
    // A claim that found nothing leaves only the capped platforms' backlogs; one that found some may have left more
    // (a platform took its room, not all it had due), so a freed slot claims again.
    if (claimed.length === 0) {
      backlog = atCap();
      return 0;
    }
    const key = await getWebhookSigningKey();
    for (const c of claimed) {
      inFlight++;
      byPlatform.set(c.platform_id, (byPlatform.get(c.platform_id) ?? 0) + 1);
      void attemptDelivery(c, key.privateKey)
        // The claim's lease brings the delivery back if its outcome could not be recorded.
        .catch((e) => logger.error({ err: errorFields(e), deliveryId: c.id }, "webhook delivery failed to record"))
        .finally(() => {
          inFlight--;
          const n = (byPlatform.get(c.platform_id) ?? 1) - 1;
          if (n > 0) byPlatform.set(c.platform_id, n);
          else byPlatform.delete(c.platform_id);
          // During a fill, its claim may have counted this delivery as in flight: one more fill after it.
          if (backlog || filling) void fill();
        });
    }
    backlog = true;
    return claimed.length;
  };

  const fill = (): Promise<number> => {
    if (stopped) return Promise.resolve(0);
    if (filling) {
      again = true;
      return filling;
    }
    const run = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          total += await fillOnce();
        } while (again && !stopped && inFlight < concurrency);
      } catch (e) {
        logger.error({ err: errorFields(e) }, "webhook deliveries: claim failed");
      } finally {
        filling = undefined;
      }
      return total;
    })();
    filling = run;
    return run;
  };

  return {
    fill,
    inFlight: () => inFlight,
    stop: () => {
      stopped = true;
    },
  };
}
