import { integratorRoute, readJson, relay } from "@/lib/integrator/http/route";
import { assertOwnCredential } from "@/lib/integrator/backend/ownership";
import { callService } from "@/lib/integrator/backend/service";

/** EMAIL_OTP: no body (the service mails the code). PASSKEY: `{clientPublicKey}`. */
export const POST = integratorRoute(async ({ req, user, params }) => {
  const cred = await assertOwnCredential(user, params.id);
  const input = await readJson(req);
  const body = cred.type === "PASSKEY" ? { clientPublicKey: input.clientPublicKey } : undefined;
  return relay(await callService("POST", `/auth/credentials/${encodeURIComponent(params.id)}/challenge`, { body }));
});
