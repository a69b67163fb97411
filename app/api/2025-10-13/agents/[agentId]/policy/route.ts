import { handle, methods, reply } from "@/lib/http/handler";
import { updateAgentPolicyOp } from "@/lib/agents/agent.contract";
import { updateAgentPolicy } from "@/lib/agents/update-agent-policy";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PATCH: handle(updateAgentPolicyOp, async ({ platform, params, body }) =>
    reply(200, await updateAgentPolicy(platform, params.agentId, body)),
  ),
});
