import { integratorRoute, relay } from "@/lib/integrator/http/route";
import { ownQuote } from "@/lib/integrator/backend/payments";
import { callService } from "@/lib/integrator/backend/service";

export const POST = integratorRoute(async ({ user, params }) => {
  await ownQuote(user, params.quoteId);
  return relay(await callService("POST", `/quotes/${encodeURIComponent(params.quoteId)}/authorize/resend`));
});
