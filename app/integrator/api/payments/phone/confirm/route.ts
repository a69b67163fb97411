import { integratorRoute, readJson } from "@/lib/integrator/http/route";
import { confirmPhone } from "@/lib/integrator/backend/payments";

/** The code sent to the phone {code}: the phone becomes verified. */
export const POST = integratorRoute(async ({ req, user }) => {
  await confirmPhone(user, (await readJson(req)).code);
  return new Response(null, { status: 204 });
});
