import { integratorRoute, relay, signedRetryHeaders } from "@/lib/integrator/http/route";
import { assertOwnCredential } from "@/lib/integrator/backend/ownership";
import { callService } from "@/lib/integrator/backend/service";

/** Revoke a credential: the service requires a stamp by a session of another credential. */
export const DELETE = integratorRoute(async ({ req, user, params }) => {
  const h = signedRetryHeaders(req);
  // Ownership on every leg: a Request-Id is the caller's own header, so it proves nothing about who owns the credential.
  await assertOwnCredential(user, params.id);
  return relay(await callService("DELETE", `/auth/credentials/${encodeURIComponent(params.id)}`, h));
});
