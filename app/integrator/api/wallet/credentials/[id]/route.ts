import { integratorRoute, relay, signedRetryHeaders } from "@/lib/integrator/http/route";
import { assertOwnCredential } from "@/lib/integrator/backend/ownership";
import { callService } from "@/lib/integrator/backend/service";

/** Revoke a credential: the service requires a stamp by a session of another credential. */
export const DELETE = integratorRoute(async ({ req, user, params }) => {
  const h = signedRetryHeaders(req);
  // The first leg checks ownership; the retry is bound by the service to the same request.
  if (!h.requestId) await assertOwnCredential(user, params.id);
  return relay(await callService("DELETE", `/auth/credentials/${encodeURIComponent(params.id)}`, h));
});
