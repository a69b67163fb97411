import { integratorRoute, relay, signedRetryHeaders } from "@/lib/integrator/http/route";
import { assertOwnSession } from "@/lib/integrator/backend/ownership";
import { callService } from "@/lib/integrator/backend/service";

export const DELETE = integratorRoute(async ({ req, user, params }) => {
  const h = signedRetryHeaders(req);
  await assertOwnSession(user, params.id);
  return relay(await callService("DELETE", `/auth/sessions/${encodeURIComponent(params.id)}`, h));
});
