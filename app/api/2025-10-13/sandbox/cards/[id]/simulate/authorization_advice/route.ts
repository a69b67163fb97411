import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { simulateCardAuthorizationAdviceOp } from "@/lib/server/cards/card-simulation.contract";
import { simulateCardAdvice } from "@/lib/server/cards/simulate-card-advice";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(simulateCardAuthorizationAdviceOp, async ({ platform, params, body }) =>
    reply(202, await simulateCardAdvice(platform, params.id, body)),
  ),
});
