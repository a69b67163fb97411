import { handle, methods, reply } from "@/lib/http/handler";
import { answerPayRequest } from "@/lib/uma/answer-pay-request";
import { umaPayRequestOp } from "@/lib/uma/uma-vasp.contract";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(umaPayRequestOp, async (ctx) => reply(200, await answerPayRequest(ctx.params.receiver, ctx.body))),
});
