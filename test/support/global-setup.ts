import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { buildApp, createTemplateDatabase, createTestDatabase, startServer } from "./server";

/**
 * Every test file reaches the suite's servers from one loopback address: per-source limits are tested on servers of
 * their own, from addresses of their own (test/integration/rate-limit/attempt-limits.test.ts), not shared by the whole suite.
 */
const SUITE_SOURCE_LIMITS = {
  AUTH_FAILURES_PER_SOURCE: "1000000",
  DEVICE_CODE_REDEEMS_PER_SOURCE: "1000000",
  // Per platform, but the money tests fund many accounts of one platform within a minute; the limit's own test runs
  // a peer server with a small one (test/integration/sandbox/sandbox-money-limit.test.ts).
  SANDBOX_MONEY_PER_MINUTE: "1000000",
};

/** EMAIL_OTP_RESEND_SECONDS of the suite's server (provided to the tests as `emailOtpResendSeconds`). */
const SUITE_EMAIL_OTP_RESEND_SECONDS = 10;

/** One built app, one fresh PostgreSQL database and one `next start` for the integration suite. */
export default async function setup(project: TestProject) {
  buildApp();
  // Every further database of the suite (this one's, each own server's) is a copy of one migrated template; the
  // server's own migration from an empty database is run by test/integration/db/pgbouncer.test.ts (through the direct
  // connection) and by the browser suite's servers (e2e/global-setup.ts).
  const template = await createTemplateDatabase();
  const db = await createTestDatabase();
  // An explicit key-encryption key, so that tests can start more instances on the same database
  // that decrypt what this one encrypted (the enclave key, OTP target keys).
  const keyEncryptionKey = randomBytes(32).toString("hex");
  // A short JWKS cooldown so that a rotated OIDC key is picked up within a second (lib/server/credentials/oauth).
  const server = await startServer({
    DATABASE_URL: db.url,
    DEMO_PLATFORM: "off",
    KEY_ENCRYPTION_KEY: keyEncryptionKey,
    OIDC_JWKS_COOLDOWN_SECONDS: "1",
    // The test OpenID provider (test/support/oidc-issuer-server.ts) listens on http://127.0.0.1: trusted like a
    // deployment's private issuer; every other private or loopback address stays refused (lib/server/credentials/oauth).
    OIDC_ALLOWED_HOSTS: "127.0.0.1",
    // The EMAIL_OTP re-send interval (default 30 s): a test that re-issues a challenge waits it out, and 10 s still
    // leaves an immediate re-issue (one round trip later) inside it, as the refusal tests expect.
    EMAIL_OTP_RESEND_SECONDS: String(SUITE_EMAIL_OTP_RESEND_SECONDS),
    ...SUITE_SOURCE_LIMITS,
  });
  project.provide("baseUrl", server.url);
  project.provide("databaseUrl", db.url);
  project.provide("keyEncryptionKey", keyEncryptionKey);
  project.provide("emailOtpResendSeconds", SUITE_EMAIL_OTP_RESEND_SECONDS);
  process.env.TEST_BASE_URL = server.url;
  process.env.DATABASE_URL = db.url;
  // Workers and every further startServer() inherit it: instances on the suite's database share the KEK.
  process.env.KEY_ENCRYPTION_KEY = keyEncryptionKey;
  // And the lifted per-source limits: the counts live in the suite's database, shared by every instance on it, so a
  // further instance with the defaults would refuse loopback once the other files' traffic passed them.
  Object.assign(process.env, SUITE_SOURCE_LIMITS);
  return async () => {
    await server.stop();
    if (process.env.KEEP_TEST_DB !== "1") await db.drop();
    await template.drop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    /** KEY_ENCRYPTION_KEY of the suite's server: give it to any further instance on the same database. */
    keyEncryptionKey: string;
    /** EMAIL_OTP_RESEND_SECONDS of the suite's server. */
    emailOtpResendSeconds: number;
  }
}
