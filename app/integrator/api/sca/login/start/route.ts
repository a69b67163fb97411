import { integratorRoute, relay } from "@/lib/integrator/http/route";
import { callService } from "@/lib/integrator/backend/service";

/** Strong Customer Authentication login of the signed-in user: the service texts a code (sandbox 123456). */
export const POST = integratorRoute(async ({ user }) =>
  relay(
    await callService("POST", "/sca/login/start", {
      query: { customerId: user.customerId },
      body: { factor: "SMS_OTP" },
    }),
  ),
);
