import { handle, methods, reply } from "@/lib/http/handler";
import { agentTransferOutOp } from "@/lib/agent-actions/agent-action.contract";
import { agentTransferOut } from "@/lib/agent-actions/agent-transfer";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(agentTransferOutOp, async ({ agent, body, req }) =>
    reply(201, await agentTransferOut(agent, body, req.headers.get("idempotency-key"))),
  ),
});
