import { errorFields } from "@/db/errors";
import { logger } from "@/lib/log/logger";
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
 * The webhook worker's deliveries in flight, at most `concurrency` per instance. Each delivery is claimed
 * (SKIP LOCKED, with its lease), sent and recorded on its own, so a slow receiver holds one slot and never
 * the others; a freed slot claims the next due delivery at once when the last claim suggested more are due.
 */
export function createDeliverySlots(concurrency: number): DeliverySlots {
  let inFlight = 0;
  let filling: Promise<number> | undefined;
  let again = false;
  // The last claim took every free slot (or found none free): more may be due, so a freed slot claims again.
  let backlog = false;
  let stopped = false;

  const fillOnce = async (): Promise<number> => {
    const free = concurrency - inFlight;
    if (free <= 0) {
      backlog = true;
      return 0;
    }
    const claimed = await claimDue(free);
    backlog = claimed.length === free;
    if (claimed.length === 0) return 0;
    const key = await getWebhookSigningKey();
    for (const c of claimed) {
      inFlight++;
      void attemptDelivery(c, key.privateKey)
        // The claim's lease brings the delivery back if its outcome could not be recorded.
        .catch((e) => logger.error({ err: errorFields(e), deliveryId: c.id }, "webhook delivery failed to record"))
        .finally(() => {
          inFlight--;
          if (backlog) void fill();
        });
    }
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
