import { integratorRoute, readJson, relay } from "@/lib/integrator/http/route";
import { assertOwnExternalAccount } from "@/lib/integrator/backend/own-external-account";
import { quoteToExternal, quoteToUma } from "@/lib/integrator/backend/wallet-money";
import { IntegratorError } from "@/lib/integrator/backend/service";
import { clientAddress } from "@/lib/integrator/http/client-address";

/**
 * A quote from the wallet: to one of the user's external accounts `{externalAccountId, amount, side}`, or to an UMA
 * address `{umaAddress, currency?, amount, side}` (looked up first).
 */
export const POST = integratorRoute(async ({ req, user }) => {
  const input = await readJson(req);
  const amount = input.amount;
  if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount < 1)
    throw new IntegratorError(400, "INVALID_INPUT", "amount: a positive whole number of the smallest unit");
  const side = input.side === "RECEIVING" ? "RECEIVING" : "SENDING";
  const ipAddress = clientAddress(req);
  if (typeof input.umaAddress === "string") {
    const umaAddress = input.umaAddress.trim();
    if (!umaAddress || umaAddress.length > 300)
      throw new IntegratorError(400, "INVALID_INPUT", "umaAddress: an UMA address such as $alice@example.com");
    const currency = typeof input.currency === "string" && input.currency ? input.currency : undefined;
    return relay(await quoteToUma(user, { umaAddress, currency, amount, side, ipAddress }));
  }
  const externalAccountId = String(input.externalAccountId ?? "");
  await assertOwnExternalAccount(user, externalAccountId);
  const description = typeof input.description === "string" ? input.description : undefined;
  return relay(await quoteToExternal(user, { externalAccountId, amount, side, description, ipAddress }));
});
