import { env } from "@/lib/shared/config/env";
import { startPollLoop } from "@/lib/server/worker-loop/poll-loop";
import { advanceDueOperations } from "./advance-operations";

/** The in-process stablecoin worker (started by lib/server/edge/startup); state is in the database, so every instance may run it. */
export function startStablecoinWorker(): { stop: () => void } {
  return startPollLoop("stablecoin worker", env().STABLECOIN_POLL_MS, async () => (await advanceDueOperations(20)) > 0);
}
