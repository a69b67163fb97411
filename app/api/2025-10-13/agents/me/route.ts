import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { agentMeOp } from "@/lib/server/agents/agent.contract";
import { getAgentMe } from "@/lib/server/agents/get-agent-me";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(agentMeOp, async ({ agent }) => reply(200, await getAgentMe(agent))),
});
