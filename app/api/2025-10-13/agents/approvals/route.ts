import { handle, methods, reply } from "@/lib/http/handler";
import { listAgentApprovalsOp } from "@/lib/agent-actions/agent-action.contract";
import { listAgentApprovals } from "@/lib/agent-actions/list-agent-approvals";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(listAgentApprovalsOp, async ({ platform, query }) =>
    reply(200, await listAgentApprovals(platform, query)),
  ),
});
