import { integratorRoute, readJson, relay } from "@/lib/integrator/http/route";
import { endUserIp } from "@/lib/integrator/backend/payments";
import { callService } from "@/lib/integrator/backend/service";

/** The code the user received: opens the 180-day SCA session the service keeps. */
export const POST = integratorRoute(async ({ req, user }) => {
  const input = await readJson(req);
  const body = {
    factor: "SMS_OTP",
    challengeId: input.challengeId,
    code: input.code,
    endUserIpAddress: endUserIp(req),
  };
  return relay(await callService("POST", "/sca/login/complete", { query: { customerId: user.customerId }, body }));
});
