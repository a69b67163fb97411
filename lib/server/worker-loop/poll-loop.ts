import { errorFields } from "@/db/errors";
import { logger } from "@/lib/shared/log/logger";

export interface PollLoop {
  stop: () => void;
  /** Run a step now instead of at the next poll (a notification said there is work); coalesced while a step runs. */
  wake: () => void;
}

type G = typeof globalThis & { __pollLoops?: Map<string, PollLoop> };
const g = globalThis as G;

/**
 * An in-process background loop, one per `name` per process (kept on globalThis, shared by every route
 * bundle): run `step`, again at once while it reports work, else after `pollMs`. Workers keep all their
 * state in the database, so any number of instances may run the same loop.
 */
export function startPollLoop(name: string, pollMs: number, step: () => Promise<boolean>): PollLoop {
  g.__pollLoops ??= new Map();
  const loops = g.__pollLoops;
  const running = loops.get(name);
  if (running) return running;
  let stopped = false;
  let stepping = false;
  // A wake-up that arrived during a step: the step may have missed the work it announces, so run again at once.
  let wokenDuringStep = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(loop, ms);
    timer.unref?.();
  };
  const loop = async () => {
    if (stopped) return;
    stepping = true;
    wokenDuringStep = false;
    let busy = false;
    try {
      busy = await step();
    } catch (e) {
      // errorFields: the error's class, code and constraint, never a query's parameters (personal data).
      logger.error({ err: errorFields(e) }, `${name} step failed`);
    }
    stepping = false;
    if (!stopped) schedule(busy || wokenDuringStep ? 0 : pollMs);
  };
  schedule(pollMs);
  const handle: PollLoop = {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      loops.delete(name);
    },
    wake: () => {
      if (stopped) return;
      if (stepping) wokenDuringStep = true;
      else schedule(0);
    },
  };
  loops.set(name, handle);
  return handle;
}

/**
 * Wake the loop `name` if this process runs it (a transaction just committed work for it); otherwise nothing. Answers
 * whether this process runs it.
 */
export function wakePollLoop(name: string): boolean {
  const loop = g.__pollLoops?.get(name);
  loop?.wake();
  return !!loop;
}
