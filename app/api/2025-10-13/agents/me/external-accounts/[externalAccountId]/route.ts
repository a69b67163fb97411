import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { agentDeleteExternalAccountOp, agentGetExternalAccountOp } from "@/lib/server/agents/agent.contract";
import { agentAccountScope } from "@/lib/server/agents/require-agent-permission";
import { agentGetExternalAccount } from "@/lib/server/agents/agent-get-external-account";
import { deleteExternalAccount } from "@/lib/server/external-accounts/delete-external-account";

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
