import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { agentListInternalAccountsOp } from "@/lib/server/agents/actions/agent-action.contract";
import { agentListInternalAccounts } from "@/lib/server/agents/actions/agent-list-internal-accounts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(agentListInternalAccountsOp, async ({ agent, query }) =>
    reply(200, await agentListInternalAccounts(agent, query)),
  ),
});
