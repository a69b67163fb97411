import { integratorRoute, readJson, relay } from "@/lib/integrator/http/route";
import { setCardState } from "@/lib/integrator/backend/cards";

/** Freeze, unfreeze or close one of the user's cards: {state}. */
export const PATCH = integratorRoute(async ({ req, user, params }) =>
  relay(await setCardState(user, params.id, (await readJson(req)).state)),
);
