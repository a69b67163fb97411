import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { agentCreateExternalAccountOp, agentListExternalAccountsOp } from "@/lib/server/agents/agent.contract";
import { agentCreateExternalAccount } from "@/lib/server/agents/agent-create-external-account";
import { agentAccountScope } from "@/lib/server/agents/require-agent-permission";
import { listExternalAccounts } from "@/lib/server/external-accounts/list-external-accounts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(agentListExternalAccountsOp, async ({ agent, query }) =>
    reply(200, await listExternalAccounts(agentAccountScope(agent), query)),
  ),
  POST: handle(agentCreateExternalAccountOp, async ({ agent, body }) =>
    reply(201, await agentCreateExternalAccount(agent, body)),
  ),
});
