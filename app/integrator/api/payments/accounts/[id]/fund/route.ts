import { integratorRoute, readJson } from "@/lib/integrator/http/route";
import { addTestMoney } from "@/lib/integrator/backend/payments";

/** Sandbox: test money {amount} (smallest unit) into one of the user's accounts. */
export const POST = integratorRoute(async ({ req, user, params }) => {
  await addTestMoney(user, params.id, (await readJson(req)).amount);
  return new Response(null, { status: 204 });
});
