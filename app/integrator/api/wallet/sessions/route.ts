import { integratorRoute, relay } from "@/lib/integrator/http/route";
import { callService } from "@/lib/integrator/backend/service";

export const GET = integratorRoute(async ({ user }) =>
  relay(await callService("GET", "/auth/sessions", { query: { accountId: user.accountId } })),
);
