import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { agentTransferInOp } from "@/lib/server/agents/actions/agent-action.contract";
import { agentTransferIn } from "@/lib/server/agents/actions/agent-transfer";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(agentTransferInOp, async ({ agent, body, req }) =>
    reply(201, await agentTransferIn(agent, body, req.headers.get("idempotency-key"))),
  ),
});
