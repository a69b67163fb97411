import { handle, methods, reply } from "@/lib/http/handler";
import { simulateCardCreditAuthorizationAdviceOp } from "@/lib/cards/card-simulation.contract";
import { simulateCardAuthorization } from "@/lib/cards/simulate-card-authorization";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(simulateCardCreditAuthorizationAdviceOp, async ({ platform, params, body }) =>
    reply(202, await simulateCardAuthorization(platform, params.id, "CREDIT_AUTHORIZATION_ADVICE", body)),
  ),
});
