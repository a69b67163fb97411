import { integratorRoute, readJson, relay } from "@/lib/integrator/http/route";
import { endUserIp, ownQuote } from "@/lib/integrator/backend/payments";
import { callService } from "@/lib/integrator/backend/service";

/** The payment's SCA code, relayed to POST /quotes/{id}/authorize with the end user's address. */
export const POST = integratorRoute(async ({ req, user, params }) => {
  await ownQuote(user, params.quoteId);
  const input = await readJson(req);
  const body = { code: input.code, endUserIpAddress: endUserIp(req) };
  return relay(await callService("POST", `/quotes/${encodeURIComponent(params.quoteId)}/authorize`, { body }));
});
