import { handle, methods, reply } from "@/lib/http/handler";
import { agentDeleteExternalAccountOp, agentGetExternalAccountOp } from "@/lib/agents/agent.contract";
import { agentAccountScope } from "@/lib/agents/require-agent-permission";
import { agentGetExternalAccount } from "@/lib/agents/agent-get-external-account";
import { deleteExternalAccount } from "@/lib/external-accounts/delete-external-account";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(agentGetExternalAccountOp, async ({ agentTokenDigest, params, log }) => {
    const { agent, account } = await agentGetExternalAccount(agentTokenDigest, params.externalAccountId);
    log.platformId = agent.platformId;
    return reply(200, account);
  }),
  DELETE: handle(agentDeleteExternalAccountOp, async ({ agent, params }) => {
    await deleteExternalAccount(agentAccountScope(agent), params.externalAccountId);
    return reply(204);
  }),
});
