import { integratorRoute, relay } from "@/lib/integrator/route";
import { assertOwnExternalAccount } from "@/lib/integrator/own-external-account";
import { callService } from "@/lib/integrator/service";

export const POST = integratorRoute(async ({ user, params }) => {
  await assertOwnExternalAccount(user, params.id);
  return relay(
    await callService("POST", `/customers/external-accounts/${encodeURIComponent(params.id)}/challenge`, { body: { method: "WALLET_SIGNATURE" } }),
  );
});
