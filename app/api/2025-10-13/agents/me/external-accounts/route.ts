import { handle, methods, reply } from "@/lib/http/handler";
import { agentCreateExternalAccountOp, agentListExternalAccountsOp } from "@/lib/agents/agent.contract";
import { agentCreateExternalAccount } from "@/lib/agents/agent-create-external-account";
import { agentAccountScope } from "@/lib/agents/require-agent-permission";
import { listExternalAccounts } from "@/lib/external-accounts/list-external-accounts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(agentListExternalAccountsOp, async ({ agent, query }) =>
    reply(200, await listExternalAccounts(agentAccountScope(agent), query)),
  ),
  POST: handle(agentCreateExternalAccountOp, async ({ agent, body }) =>
    reply(201, await agentCreateExternalAccount(agent, body)),
  ),
});
