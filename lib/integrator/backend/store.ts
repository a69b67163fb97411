/**
 * The integrator's own tables (its end users, OIDC requests, registration challenges): the only door from
 * lib/integrator to the database. They share the process's database handle and migrations (a partner would
 * run its own database); the integrator reads no service table, only these three.
 */
export { getDb as integratorDb } from "@/db/client";
export { integratorOidcRequests, integratorUsers, integratorWebauthnChallenges } from "@/db/schema/integrator";
