import { handle, methods, reply } from "@/lib/http/handler";
import { simulateCardReturnReversalOp } from "@/lib/cards/card-simulation.contract";
import { simulateCardReturnReversal } from "@/lib/cards/simulate-card-return-reversal";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(simulateCardReturnReversalOp, async ({ platform, params, body }) =>
    reply(202, await simulateCardReturnReversal(platform, params.id, body)),
  ),
});
