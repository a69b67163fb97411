import { env } from "@/lib/shared/config/env";
import { logger } from "@/lib/shared/log/logger";
import { startPollLoop } from "@/lib/server/worker-loop/poll-loop";
import { sweepOnce } from "./sweep";

/** The in-process sweeper loop (started by lib/server/edge/startup/startup.ts on every instance; see sweepOnce). */
export function startSweeper(): { stop: () => void } {
  return startPollLoop("sweeper", env().SWEEP_INTERVAL_MS, async () => {
    const deleted = await sweepOnce();
    const total = Object.values(deleted).reduce((a, b) => a + b, 0);
    if (total > 0) logger.info({ deleted }, "sweeper deleted expired rows");
    return false;
  });
}
