import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { agentTransferOutOp } from "@/lib/server/agents/actions/agent-action.contract";
import { agentTransferOut } from "@/lib/server/agents/actions/agent-transfer";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(agentTransferOutOp, async ({ agent, body, req }) =>
    reply(201, await agentTransferOut(agent, body, req.headers.get("idempotency-key"))),
  ),
});
