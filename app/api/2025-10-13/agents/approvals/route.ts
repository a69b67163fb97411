import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { listAgentApprovalsOp } from "@/lib/server/agents/actions/agent-action.contract";
import { listAgentApprovals } from "@/lib/server/agents/actions/list-agent-approvals";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(listAgentApprovalsOp, async ({ platform, query }) =>
    reply(200, await listAgentApprovals(platform, query)),
  ),
});
