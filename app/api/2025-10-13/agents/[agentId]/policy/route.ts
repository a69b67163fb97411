import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { updateAgentPolicyOp } from "@/lib/server/agents/agent.contract";
import { updateAgentPolicy } from "@/lib/server/agents/update-agent-policy";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PATCH: handle(updateAgentPolicyOp, async ({ platform, params, body }) =>
    reply(200, await updateAgentPolicy(platform, params.agentId, body)),
  ),
});
