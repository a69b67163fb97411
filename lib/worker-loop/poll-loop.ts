import { errorFields } from "@/db/errors";
import { logger } from "@/lib/log/logger";

type G = typeof globalThis & { __pollLoops?: Map<string, { stop: () => void }> };
const g = globalThis as G;

/**
 * An in-process background loop, one per `name` per process (kept on globalThis, shared by every route
 * bundle): run `step`, again at once while it reports work, else after `pollMs`. Workers keep all their
 * state in the database, so any number of instances may run the same loop.
 */
export function startPollLoop(name: string, pollMs: number, step: () => Promise<boolean>): { stop: () => void } {
  const loops = (g.__pollLoops ??= new Map());
  const running = loops.get(name);
  if (running) return running;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const loop = async () => {
    if (stopped) return;
    let busy = false;
    try {
      busy = await step();
    } catch (e) {
      // errorFields: the error's class, code and constraint, never a query's parameters (personal data).
      logger.error({ err: errorFields(e) }, `${name} step failed`);
    }
    if (!stopped) timer = setTimeout(loop, busy ? 0 : pollMs);
    timer?.unref?.();
  };
  timer = setTimeout(loop, pollMs);
  timer.unref?.();
  const handle = {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      loops.delete(name);
    },
  };
  loops.set(name, handle);
  return handle;
}
