import { integratorRoute, relay, signedRetryHeaders } from "@/lib/integrator/http/route";
import { assertOwnQuote } from "@/lib/integrator/backend/wallet-money";
import { callService } from "@/lib/integrator/backend/service";

/** Execute a wallet quote: a signed retry (202 → the browser stamps with its session key → the identical retry). */
export const POST = integratorRoute(async ({ req, user, params }) => {
  const h = signedRetryHeaders(req);
  await assertOwnQuote(user, params.id);
  return relay(await callService("POST", `/quotes/${encodeURIComponent(params.id)}/execute`, h));
});
