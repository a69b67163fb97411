import { integratorRoute, readJson } from "@/lib/integrator/http/route";
import { openAccount } from "@/lib/integrator/backend/payments";

/** Open an account to pay from: {currency}. */
export const POST = integratorRoute(async ({ req, user }) => {
  await openAccount(user, (await readJson(req)).currency);
  return new Response(null, { status: 204 });
});
