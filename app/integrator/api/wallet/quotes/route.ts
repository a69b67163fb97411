import { integratorRoute, readJson, relay } from "@/lib/integrator/http/route";
import { assertOwnExternalAccount } from "@/lib/integrator/backend/own-external-account";
import { quoteToExternal } from "@/lib/integrator/backend/wallet-money";
import { IntegratorError } from "@/lib/integrator/backend/service";

/** A quote from the wallet to one of the user's external accounts: `{externalAccountId, amount, side}`. */
export const POST = integratorRoute(async ({ req, user }) => {
  const input = await readJson(req);
  const externalAccountId = String(input.externalAccountId ?? "");
  const amount = input.amount;
  if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount < 1) throw new IntegratorError(400, "INVALID_INPUT", "amount: a positive whole number of the smallest unit");
  await assertOwnExternalAccount(user, externalAccountId);
  const side = input.side === "RECEIVING" ? "RECEIVING" : "SENDING";
  const description = typeof input.description === "string" ? input.description : undefined;
  const ipAddress = (req.headers.get("x-forwarded-for") ?? "").split(",").pop()?.trim() || "127.0.0.1";
  return relay(await quoteToExternal(user, { externalAccountId, amount, side, description, ipAddress }));
});
