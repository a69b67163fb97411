import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { simulateCardCreditAuthorizationAdviceOp } from "@/lib/server/cards/card-simulation.contract";
import { simulateCardAuthorization } from "@/lib/server/cards/simulate-card-authorization";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(simulateCardCreditAuthorizationAdviceOp, async ({ platform, params, body }) =>
    reply(202, await simulateCardAuthorization(platform, params.id, "CREDIT_AUTHORIZATION_ADVICE", body)),
  ),
});
