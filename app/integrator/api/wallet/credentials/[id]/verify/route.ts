import { integratorRoute, readJson, relay, signedRetryHeaders } from "@/lib/integrator/http/route";
import { assertOwnCredential } from "@/lib/integrator/backend/ownership";
import { callService, IntegratorError } from "@/lib/integrator/backend/service";

/**
 * EMAIL_OTP and SMS_OTP: `{encryptedOtpBundle}` (the code is sealed to the enclave in the browser; this backend
 * never sees it), then the stamped retry. PASSKEY: `{assertion}` with the challenge's Request-Id.
 */
export const POST = integratorRoute(async ({ req, user, params }) => {
  const h = signedRetryHeaders(req);
  const cred = await assertOwnCredential(user, params.id);
  const input = await readJson(req);
  let body: Record<string, unknown>;
  if (cred.type === "EMAIL_OTP" || cred.type === "SMS_OTP")
    body = { type: cred.type, encryptedOtpBundle: input.encryptedOtpBundle };
  else if (cred.type === "PASSKEY") body = { type: "PASSKEY", assertion: input.assertion };
  else
    throw new IntegratorError(
      400,
      "INVALID_INPUT",
      `Credentials of type ${cred.type} are verified through their own flow`,
    );
  return relay(await callService("POST", `/auth/credentials/${encodeURIComponent(params.id)}/verify`, { body, ...h }));
});
