import { integratorRoute, relay } from "@/lib/integrator/http/route";
import { ownQuote } from "@/lib/integrator/backend/payments";

export const GET = integratorRoute(async ({ user, params }) => relay(await ownQuote(user, params.quoteId)));
