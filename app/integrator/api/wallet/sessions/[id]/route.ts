import { integratorRoute, relay, signedRetryHeaders } from "@/lib/integrator/route";
import { assertOwnSession } from "@/lib/integrator/ownership";
import { callService } from "@/lib/integrator/service";

export const DELETE = integratorRoute(async ({ req, user, params }) => {
  const h = signedRetryHeaders(req);
  if (!h.requestId) await assertOwnSession(user, params.id);
  return relay(await callService("DELETE", `/auth/sessions/${encodeURIComponent(params.id)}`, h));
});
