import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { answerPayRequest } from "@/lib/server/uma/answer-pay-request";
import { umaPayRequestOp } from "@/lib/server/uma/uma-vasp.contract";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(umaPayRequestOp, async (ctx) => reply(200, await answerPayRequest(ctx.params.receiver, ctx.body))),
});
