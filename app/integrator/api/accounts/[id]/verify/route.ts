import { integratorRoute, readJson, relay } from "@/lib/integrator/route";
import { assertOwnExternalAccount } from "@/lib/integrator/own-external-account";
import { callService } from "@/lib/integrator/service";

export const POST = integratorRoute(async ({ req, user, params }) => {
  await assertOwnExternalAccount(user, params.id);
  const input = await readJson(req);
  return relay(
    await callService("POST", `/customers/external-accounts/${encodeURIComponent(params.id)}/verify`, { body: { signature: input.signature } }),
  );
});
