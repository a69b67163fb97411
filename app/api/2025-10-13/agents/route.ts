import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { createAgentOp, listAgentsOp } from "@/lib/server/agents/agent.contract";
import { createAgent } from "@/lib/server/agents/create-agent";
import { listAgents } from "@/lib/server/agents/list-agents";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(createAgentOp, async ({ platform, body }) => reply(201, await createAgent(platform, body))),
  GET: handle(listAgentsOp, async ({ platform, query }) => reply(200, await listAgents(platform, query))),
});
