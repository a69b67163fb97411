/**
 * The integrator's own tables (its end users, OIDC requests, registration challenges, session devices, console sessions,
 * the console's one-time hand-offs, sign-in failures and settings): the only door from lib/integrator to the database.
 * They share the process's database handle and migrations (a partner would run its own database); the integrator reads
 * no service table, only these eight.
 */
export { getDb as integratorDb } from "@/db/client";
export {
  integratorConsoleHandoffs,
  integratorConsoleSessions,
  integratorConsoleSettings,
  integratorOidcRequests,
  integratorSessionDevices,
  integratorSignInFailures,
  integratorUsers,
  integratorWebauthnChallenges,
} from "@/db/schema/integrator";
