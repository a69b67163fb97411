import { env } from "@/lib/config/env";
import { logger } from "@/lib/log/logger";
import { sweepOnce } from "./sweep";

type G = typeof globalThis & { __sweeper?: { stop: () => void } };
const g = globalThis as G;

/** The in-process sweeper loop (started by lib/startup/startup.ts on every instance; see sweepOnce). */
export function startSweeper(): { stop: () => void } {
  if (g.__sweeper) return g.__sweeper;
  const intervalMs = env().SWEEP_INTERVAL_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const loop = async () => {
    if (stopped) return;
    try {
      const deleted = await sweepOnce();
      const total = Object.values(deleted).reduce((a, b) => a + b, 0);
      if (total > 0) logger.info({ deleted }, "sweeper deleted expired rows");
    } catch (e) {
      logger.error({ err: e instanceof Error ? e.message : String(e) }, "sweeper pass failed");
    }
    if (!stopped) timer = setTimeout(loop, intervalMs);
    timer?.unref?.();
  };
  timer = setTimeout(loop, intervalMs);
  timer.unref?.();
  g.__sweeper = {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      g.__sweeper = undefined;
    },
  };
  return g.__sweeper;
}
