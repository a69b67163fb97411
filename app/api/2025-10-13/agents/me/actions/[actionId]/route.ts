import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { agentGetActionOp } from "@/lib/server/agents/actions/agent-action.contract";
import { agentGetAction } from "@/lib/server/agents/actions/agent-read-actions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(agentGetActionOp, async ({ agent, params }) => reply(200, await agentGetAction(agent, params.actionId))),
});
