import { integratorRoute, relay } from "@/lib/integrator/http/route";
import { assertOwnExternalAccount } from "@/lib/integrator/backend/own-external-account";
import { callService } from "@/lib/integrator/backend/service";

export const POST = integratorRoute(async ({ user, params }) => {
  await assertOwnExternalAccount(user, params.id);
  return relay(
    await callService("POST", `/customers/external-accounts/${encodeURIComponent(params.id)}/challenge`, {
      body: { method: "WALLET_SIGNATURE" },
    }),
  );
});
