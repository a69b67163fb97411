import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { deleteAgentOp, getAgentOp, updateAgentOp } from "@/lib/server/agents/agent.contract";
import { deleteAgent } from "@/lib/server/agents/delete-agent";
import { getAgent } from "@/lib/server/agents/get-agent";
import { updateAgent } from "@/lib/server/agents/update-agent";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getAgentOp, async ({ platform, params }) => reply(200, await getAgent(platform, params.agentId))),
  PATCH: handle(updateAgentOp, async ({ platform, params, body }) =>
    reply(200, await updateAgent(platform, params.agentId, body)),
  ),
  DELETE: handle(deleteAgentOp, async ({ platform, params }) => {
    await deleteAgent(platform, params.agentId);
    return reply(204);
  }),
});
