import { handle, methods, reply } from "@/lib/http/handler";
import { agentMeOp } from "@/lib/agents/agent.contract";
import { getAgentMe } from "@/lib/agents/get-agent-me";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(agentMeOp, async ({ agent }) => reply(200, await getAgentMe(agent))),
});
