import { integratorRoute, readJson } from "@/lib/integrator/http/route";
import { verifyPhone } from "@/lib/integrator/backend/payments";

/** The phone for SCA codes {phoneNumber}: recorded, and a code sent to it. */
export const POST = integratorRoute(async ({ req, user }) => {
  await verifyPhone(user, (await readJson(req)).phoneNumber);
  return new Response(null, { status: 204 });
});
