import { handle, methods, reply } from "@/lib/http/handler";
import { sandboxUmaReceiveOp } from "@/lib/sandbox/sandbox.contract";
import { sandboxUmaReceive } from "@/lib/sandbox/sandbox-uma-receive";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(sandboxUmaReceiveOp, async ({ platform, body }) => reply(200, await sandboxUmaReceive(platform, body))),
});
