/**
 * The integrator's own tables (its end users, OIDC requests, registration challenges, session devices, console sessions, the console's one-time hand-offs and sign-in failures): the only door from
 * lib/integrator to the database. They share the process's database handle and migrations (a partner would
 * run its own database); the integrator reads no service table, only these seven.
 */
export { getDb as integratorDb } from "@/db/client";
export {
  integratorConsoleHandoffs,
  integratorConsoleSessions,
  integratorOidcRequests,
  integratorSessionDevices,
  integratorSignInFailures,
  integratorUsers,
  integratorWebauthnChallenges,
} from "@/db/schema/integrator";
