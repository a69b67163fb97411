import { integratorRoute, readJson, relay, signedRetryHeaders } from "@/lib/integrator/http/route";
import { revealMyCard } from "@/lib/integrator/backend/cards";

/**
 * The card's details sealed to the browser's key {clientPublicKey}, through the signed retry when the card is
 * wallet-funded (the browser's stamp is passed through): this backend relays challenges and ciphertext only.
 */
export const POST = integratorRoute(async ({ req, user, params }) => {
  const input = await readJson(req);
  return relay(await revealMyCard(user, params.id, input.clientPublicKey, signedRetryHeaders(req)));
});
