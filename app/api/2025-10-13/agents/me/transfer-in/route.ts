import { handle, methods, reply } from "@/lib/http/handler";
import { agentTransferInOp } from "@/lib/agent-actions/agent-action.contract";
import { agentTransferIn } from "@/lib/agent-actions/agent-transfer";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(agentTransferInOp, async ({ agent, body, req }) =>
    reply(201, await agentTransferIn(agent, body, req.headers.get("idempotency-key"))),
  ),
});
