import { integratorRoute, readJson } from "@/lib/integrator/http/route";
import { setCountry } from "@/lib/integrator/backend/payments";

/** Where the user lives {country}: it decides whether their payments need SCA. */
export const POST = integratorRoute(async ({ req, user }) => {
  await setCountry(user, (await readJson(req)).country);
  return new Response(null, { status: 204 });
});
