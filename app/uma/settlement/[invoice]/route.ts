import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { settleIncoming } from "@/lib/server/uma-settlement/settle-incoming";
import { umaSettlementOp } from "@/lib/server/uma/uma-vasp.contract";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(umaSettlementOp, async (ctx) => reply(200, await settleIncoming(ctx.params.invoice, ctx.body))),
});
