import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { rejectAgentActionOp } from "@/lib/server/agents/actions/agent-action.contract";
import { decideAgentAction } from "@/lib/server/agents/actions/decide-agent-action";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(rejectAgentActionOp, async ({ platform, params, body }) =>
    reply(200, await decideAgentAction(platform, params.agentId, params.actionId, "REJECT", body?.reason)),
  ),
});
