import type { ConsoleT } from "@/lib/integrator/console/i18n";
import { Badge } from "./badge";

/** An agent's state: paused, connected (its device code redeemed) or still waiting for it. */
export function AgentBadge({ agent, t }: { agent: { isPaused: boolean; isConnected: boolean }; t: ConsoleT }) {
  const [status, key] = agent.isPaused
    ? ["PAUSED", "agents.paused"]
    : agent.isConnected
      ? ["CONNECTED", "agents.connected"]
      : ["PENDING", "agents.notConnected"];
  return <Badge status={status} label={t(key as "agents.paused")} />;
}
