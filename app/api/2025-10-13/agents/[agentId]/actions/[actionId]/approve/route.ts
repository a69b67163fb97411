import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { approveAgentActionOp } from "@/lib/server/agents/actions/agent-action.contract";
import { decideAgentAction } from "@/lib/server/agents/actions/decide-agent-action";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(approveAgentActionOp, async ({ platform, params }) =>
    reply(200, await decideAgentAction(platform, params.agentId, params.actionId, "APPROVE")),
  ),
});
