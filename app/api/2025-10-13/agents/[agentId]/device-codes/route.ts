import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { createDeviceCodeOp } from "@/lib/server/agents/agent.contract";
import { createDeviceCode } from "@/lib/server/agents/create-device-code";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(createDeviceCodeOp, async ({ platform, params }) =>
    reply(201, await createDeviceCode(platform, params.agentId)),
  ),
});
