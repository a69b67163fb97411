import { handle, methods, reply } from "@/lib/http/handler";
import { sandboxSendOp } from "@/lib/sandbox/sandbox.contract";
import { sandboxSend } from "@/lib/sandbox/sandbox-send";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(sandboxSendOp, async ({ platform, body }) => reply(200, await sandboxSend(platform, body))),
});
