import { integratorRoute, readJson, relay, signedRetryHeaders } from "@/lib/integrator/http/route";
import { assertOwnSession } from "@/lib/integrator/backend/ownership";
import { callService } from "@/lib/integrator/backend/service";

export const POST = integratorRoute(async ({ req, user, params }) => {
  const h = signedRetryHeaders(req);
  await assertOwnSession(user, params.id);
  const input = await readJson(req);
  return relay(
    await callService("POST", `/auth/sessions/${encodeURIComponent(params.id)}/refresh`, {
      body: { clientPublicKey: input.clientPublicKey },
      ...h,
    }),
  );
});
