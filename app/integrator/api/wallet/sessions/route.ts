import { integratorRoute, relay } from "@/lib/integrator/route";
import { callService } from "@/lib/integrator/service";

export const GET = integratorRoute(async ({ user }) =>
  relay(await callService("GET", "/auth/sessions", { query: { accountId: user.accountId } })),
);
