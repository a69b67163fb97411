import { logger } from "@/lib/log/logger";

export interface BackgroundLoop {
  stop: () => void;
}

type G = typeof globalThis & { __backgroundLoops?: Map<string, BackgroundLoop> };
const g = globalThis as G;

/**
 * Run `step` every `intervalMs` in this process (at once again when it reports it was busy), once per
 * `name`. The steps keep their state in the database, so every instance may run them and a restart loses nothing.
 */
export function startBackgroundLoop(name: string, intervalMs: number, step: () => Promise<boolean>): BackgroundLoop {
  const loops = (g.__backgroundLoops ??= new Map());
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
      logger.error({ err: e instanceof Error ? e.message : String(e) }, `${name} step failed`);
    }
    if (!stopped) timer = setTimeout(loop, busy ? 0 : intervalMs);
    timer?.unref?.();
  };
  timer = setTimeout(loop, intervalMs);
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
