import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { agentListActionsOp } from "@/lib/server/agents/actions/agent-action.contract";
import { agentListActions } from "@/lib/server/agents/actions/agent-read-actions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(agentListActionsOp, async ({ agent, query }) => reply(200, await agentListActions(agent, query))),
});
