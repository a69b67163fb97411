import { handle, methods, reply } from "@/lib/http/handler";
import { simulateCardFinancialCreditAuthorizationOp } from "@/lib/cards/card-simulation.contract";
import { simulateCardAuthorization } from "@/lib/cards/simulate-card-authorization";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(simulateCardFinancialCreditAuthorizationOp, async ({ platform, params, body }) =>
    reply(202, await simulateCardAuthorization(platform, params.id, "FINANCIAL_CREDIT_AUTHORIZATION", body)),
  ),
});
