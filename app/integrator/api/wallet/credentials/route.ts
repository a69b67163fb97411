import { integratorRoute, readJson, relay, signedRetryHeaders } from "@/lib/integrator/http/route";
import {
  assertRegistrationChallenge,
  consumeRegistrationChallenge,
} from "@/lib/integrator/backend/registration-challenge";
import { callService, IntegratorError } from "@/lib/integrator/backend/service";
import { setPhoneNumber } from "@/lib/integrator/backend/phone-number";

export const GET = integratorRoute(async ({ user }) =>
  relay(await callService("GET", "/auth/credentials", { query: { accountId: user.accountId } })),
);

/**
 * Add a credential to the user's wallet: the service answers 202 and the browser stamps the payload,
 * then re-sends the identical request with its stamp (relayed as is). The body is rebuilt the same
 * way each time, with the account taken from the signed-in user, so the retry's body matches.
 */
export const POST = integratorRoute(async ({ req, user }) => {
  const input = await readJson(req);
  let body: Record<string, unknown>;
  let challenge: string | undefined;
  switch (input.type) {
    case "PASSKEY":
      challenge = await assertRegistrationChallenge(user.id, input.challenge);
      body = {
        type: "PASSKEY",
        accountId: user.accountId,
        nickname: String(input.nickname ?? "Passkey").slice(0, 100),
        challenge,
        attestation: input.attestation,
      };
      break;
    case "OAUTH":
      body = { type: "OAUTH", accountId: user.accountId, oidcToken: input.oidcToken };
      break;
    case "EMAIL_OTP":
      body = { type: "EMAIL_OTP", accountId: user.accountId };
      break;
    case "SMS_OTP":
      // The code goes to the customer's phone number on file: record it first (on the unsigned first call).
      if (!signedRetryHeaders(req).requestId) await setPhoneNumber(user, input.phoneNumber);
      body = { type: "SMS_OTP", accountId: user.accountId };
      break;
    default:
      throw new IntegratorError(
        400,
        "INVALID_INPUT",
        `type: expected PASSKEY, OAUTH, EMAIL_OTP or SMS_OTP, received ${JSON.stringify(input.type ?? null)}`,
      );
  }
  const r = await callService("POST", "/auth/credentials", { body, ...signedRetryHeaders(req) });
  if (challenge && r.status === 201) await consumeRegistrationChallenge(challenge);
  return relay(r);
});
