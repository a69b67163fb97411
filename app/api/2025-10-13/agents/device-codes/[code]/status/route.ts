import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { deviceCodeStatusOp } from "@/lib/server/agents/agent.contract";
import { deviceCodeStatus } from "@/lib/server/agents/device-code-status";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(deviceCodeStatusOp, async ({ platform, params }) =>
    reply(200, await deviceCodeStatus(platform, params.code)),
  ),
});
