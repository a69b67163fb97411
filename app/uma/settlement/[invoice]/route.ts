import { handle, methods, reply } from "@/lib/http/handler";
import { settleIncoming } from "@/lib/uma-settlement/settle-incoming";
import { umaSettlementOp } from "@/lib/uma/uma-vasp.contract";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(umaSettlementOp, async (ctx) => reply(200, await settleIncoming(ctx.params.invoice, ctx.body))),
});
