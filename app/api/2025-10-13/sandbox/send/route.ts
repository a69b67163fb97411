import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { sandboxSendOp } from "@/lib/server/sandbox/sandbox.contract";
import { sandboxSend } from "@/lib/server/sandbox/sandbox-send";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(sandboxSendOp, async ({ platform, body }) => reply(200, await sandboxSend(platform, body))),
});
