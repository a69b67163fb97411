import { integratorRoute, relay, signedRetryHeaders } from "@/lib/integrator/http/route";
import { grantWalletPull } from "@/lib/integrator/backend/cards";

/**
 * Let the card pull from the wallet (a delegated key): the three signed-retry legs are relayed with the browser's
 * stamps untouched; this backend never holds a key that can sign for the wallet.
 */
export const POST = integratorRoute(async ({ req, user, params }) =>
  relay(await grantWalletPull(user, params.id, signedRetryHeaders(req))),
);
