import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { env } from "@/lib/shared/config/env";
import { consumeWindow } from "./consume-window";

/**
 * The sandbox's money simulations (funding, /sandbox/send, UMA receive, card simulations) per platform per minute:
 * each writes a transaction and its events, so one platform's loop of them would fill the workers' queues for every
 * platform. Counted before the simulation's own transaction (a refused call writes nothing else), in PostgreSQL so
 * every instance shares the count; SANDBOX_MONEY_PER_MINUTE (0: no limit). Here, not in lib/server/sandbox, so that the card simulations may use it too.
 */
export async function limitSandboxMoney(platform: PlatformPrincipal): Promise<void> {
  const limit = env().SANDBOX_MONEY_PER_MINUTE;
  if (limit === 0) return;
  await consumeWindow(`sandbox-money:${platform.id}`, limit, 60, "sandbox money simulations for this platform");
}
