import { handle, methods, reply } from "@/lib/http/handler";
import { agentDeleteExternalAccountOp, agentGetExternalAccountOp } from "@/lib/agents/agent.contract";
import { agentAccountScope } from "@/lib/agents/require-agent-permission";
import { deleteExternalAccount } from "@/lib/external-accounts/delete-external-account";
import { getExternalAccount } from "@/lib/external-accounts/get-external-account";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(agentGetExternalAccountOp, async ({ agent, params }) =>
    reply(200, await getExternalAccount(agentAccountScope(agent), params.externalAccountId)),
  ),
  DELETE: handle(agentDeleteExternalAccountOp, async ({ agent, params }) => {
    await deleteExternalAccount(agentAccountScope(agent), params.externalAccountId);
    return reply(204);
  }),
});
