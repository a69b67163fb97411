import { integratorRoute, readJson, relay } from "@/lib/integrator/http/route";
import { callService, IntegratorError, platformInfo } from "@/lib/integrator/backend/service";

/** Sandbox only: credit the wallet with a simulated incoming payment (`amount` in the currency's smallest unit). */
export const POST = integratorRoute(async ({ req, user }) => {
  if ((await platformInfo()).environment !== "SANDBOX")
    throw new IntegratorError(403, "SANDBOX_ONLY", "Simulated payments exist on sandbox platforms only");
  const { amount } = await readJson(req);
  if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount < 1)
    throw new IntegratorError(400, "INVALID_INPUT", "amount: a positive whole number of the smallest unit");
  return relay(
    await callService("POST", `/sandbox/internal-accounts/${encodeURIComponent(user.accountId)}/fund`, {
      body: { amount },
    }),
  );
});
