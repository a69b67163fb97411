import { integratorRoute, readJson, relay } from "@/lib/integrator/http/route";
import { callService } from "@/lib/integrator/backend/service";

export const GET = integratorRoute(async ({ user }) =>
  relay(
    await callService("GET", "/customers/external-accounts", { query: { customerId: user.customerId, limit: "100" } }),
  ),
);

/** Add a bank account or wallet for the signed-in customer (the service validates every variant). */
export const POST = integratorRoute(async ({ req, user }) => {
  const input = await readJson(req);
  const body = {
    customerId: user.customerId,
    currency: input.currency,
    ownershipType: input.ownershipType,
    accountInfo: input.accountInfo,
  };
  return relay(await callService("POST", "/customers/external-accounts", { body }));
});
