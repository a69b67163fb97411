import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { simulateCardReturnReversalOp } from "@/lib/server/cards/card-simulation.contract";
import { simulateCardReturnReversal } from "@/lib/server/cards/simulate-card-return-reversal";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(simulateCardReturnReversalOp, async ({ platform, params, body }) =>
    reply(202, await simulateCardReturnReversal(platform, params.id, body)),
  ),
});
