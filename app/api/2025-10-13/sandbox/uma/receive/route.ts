import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { sandboxUmaReceiveOp } from "@/lib/server/sandbox/sandbox.contract";
import { sandboxUmaReceive } from "@/lib/server/sandbox/sandbox-uma-receive";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(sandboxUmaReceiveOp, async ({ platform, body }) => reply(200, await sandboxUmaReceive(platform, body))),
});
