import { startPollLoop } from "@/lib/server/worker-loop/poll-loop";
import { activateLinkedAccounts } from "./activate-linked-accounts";
import { PLAID_WORKER } from "./worker-name";

/** The Plaid worker (started by lib/server/edge/startup when PLAID_WORKER=on): woken by the callback, else polls every second. */
export function startPlaidWorker(): { stop: () => void } {
  return startPollLoop(PLAID_WORKER, 1000, async () => (await activateLinkedAccounts()) > 0);
}
