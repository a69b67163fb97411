import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { simulateCardReturnOp } from "@/lib/server/cards/card-simulation.contract";
import { simulateCardReturn } from "@/lib/server/cards/simulate-card-return";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(simulateCardReturnOp, async ({ platform, params, body }) =>
    reply(202, await simulateCardReturn(platform, params.id, body)),
  ),
});
