import { integratorRoute, readJson, relay } from "@/lib/integrator/http/route";
import { assertOwnExternalAccount } from "@/lib/integrator/backend/own-external-account";
import { callService } from "@/lib/integrator/backend/service";

export const POST = integratorRoute(async ({ req, user, params }) => {
  await assertOwnExternalAccount(user, params.id);
  const input = await readJson(req);
  return relay(
    await callService("POST", `/customers/external-accounts/${encodeURIComponent(params.id)}/verify`, {
      body: { signature: input.signature },
    }),
  );
});
