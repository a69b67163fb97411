import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { simulateCardClearingOp } from "@/lib/server/cards/card-simulation.contract";
import { simulateCardClearing } from "@/lib/server/cards/simulate-card-clearing";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(simulateCardClearingOp, async ({ platform, params, body }) =>
    reply(202, await simulateCardClearing(platform, params.id, body)),
  ),
});
