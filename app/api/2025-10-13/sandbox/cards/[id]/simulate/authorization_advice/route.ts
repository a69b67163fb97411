import { handle, methods, reply } from "@/lib/http/handler";
import { simulateCardAuthorizationAdviceOp } from "@/lib/cards/card-simulation.contract";
import { simulateCardAdvice } from "@/lib/cards/simulate-card-advice";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(simulateCardAuthorizationAdviceOp, async ({ platform, params, body }) =>
    reply(202, await simulateCardAdvice(platform, params.id, body)),
  ),
});
