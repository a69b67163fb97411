import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { generateP256KeyPair } from "@/lib/shared/crypto/web";
import { call, newCustomer, newPlatform, type TestPlatform } from "../../support/api";
import { bare, sql } from "../../support/credentials";
import { startServer, type RunningServer } from "../../support/server";
import { newWalletUser, sdkFor } from "../../support/wallet";

/**
 * The sweeper (lib/server/sweeper) on two instances at once, with the default retentions and a short interval: rows
 * made through the API and then aged past their retention disappear, fresh ones stay, and over several rounds
 * the tables stay bounded. (Aging is done in SQL: the retentions are days long.)
 */
const POLICY = {
  permissions: ["VIEW_TRANSACTIONS"],
  defaultExecutionMode: "APPROVAL_REQUIRED",
  spendingLimits: { currency: "USD", perTransactionLimit: 10_000, dailyLimit: 50_000 },
};

describe("sweeper", () => {
  const servers: RunningServer[] = [];
  let p: TestPlatform;

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      servers.push(
        await startServer({
          DATABASE_URL: inject("databaseUrl"),
          DEMO_PLATFORM: "off",
          KEY_ENCRYPTION_KEY: inject("keyEncryptionKey"),
          WEBHOOK_WORKER: "off",
          SWEEP_INTERVAL_MS: "300",
          SWEEP_BATCH_SIZE: "2",
        }),
      );
    }
    p = await newPlatform();
  });
  afterAll(async () => {
    for (const s of servers) await s.stop();
  });

  /** Rows of this platform (and its credentials, agents and client id) per swept table. */
  async function counts(clientId: string) {
    const [row] = await sql(
      (q) => q`
      select
        (select count(*)::int from signed_requests where platform_id = ${bare(p.id)}) as signed_requests,
        (select count(*)::int from otp_challenges where platform_id = ${bare(p.id)}) as otp_challenges,
        (select count(*)::int from oidc_token_uses where platform_id = ${bare(p.id)}) as oidc_token_uses,
        (select count(*)::int from agent_device_codes where platform_id = ${bare(p.id)}) as agent_device_codes,
        (select count(*)::int from rate_limit_events e where exists (
          select 1 from auth_methods m where m.platform_id = ${bare(p.id)} and e.key like '%:' || m.id)) as rate_limit_events,
        (select count(*)::int from platform_auth_failures where key like ${`client:${clientId} %`}) as platform_auth_failures,
        (select count(*)::int from uma_nonces where vasp_domain = ${`${bare(p.id)}.test`}) as uma_nonces`,
    );
    return row as Record<string, number>;
  }

  /** Make rows in every swept table through the API (and used-token digests directly: no OIDC flow needed). */
  async function makeRows(n: number) {
    const client = sdkFor(p, servers[0].url);
    for (let i = 0; i < n; i++) {
      const user = await newWalletUser(p, client);
      await client.challengeEmailOtp(user.credentialId);
      await client.exportWallet(user.accountId, generateP256KeyPair().publicKeyUncompressedHex);
      const { customer } = await newCustomer(p);
      const agent = await call("POST", "/agents", {
        auth: p.auth,
        body: { name: "A", customerId: customer.id, policy: POLICY },
      });
      expect(agent.status).toBe(201);
      await sql(
        (q) =>
          q`insert into oidc_token_uses (digest, platform_id, expires_at) values (${randomBytes(32).toString("hex")}, ${bare(p.id)}, now() + interval '10 minutes')`,
      );
      // A nonce of another VASP's signed UMA message, as lib/server/uma/nonce-cache.ts saves it.
      await sql(
        (q) =>
          q`insert into uma_nonces (vasp_domain, nonce, signed_at) values (${`${bare(p.id)}.test`}, ${randomBytes(8).toString("hex")}, now())`,
      );
    }
    const bad = `Basic ${Buffer.from(`${p.clientId}:wrong`).toString("base64")}`;
    expect((await fetch(`${servers[1].url}/api/2025-10-13/config`, { headers: { authorization: bad } })).status).toBe(
      401,
    );
  }

  /** Move every row of this platform past its retention (the longest default is 7 days). */
  async function age() {
    await sql(
      (q) => q`update signed_requests set expires_at = now() - interval '8 days' where platform_id = ${bare(p.id)}`,
    );
    await sql(
      (q) => q`update otp_challenges set expires_at = now() - interval '8 days' where platform_id = ${bare(p.id)}`,
    );
    await sql(
      (q) => q`update oidc_token_uses set expires_at = now() - interval '8 days' where platform_id = ${bare(p.id)}`,
    );
    await sql(
      (q) => q`update agent_device_codes set expires_at = now() - interval '8 days' where platform_id = ${bare(p.id)}`,
    );
    await sql(
      (q) => q`update rate_limit_events e set at = now() - interval '2 hours'
      where exists (select 1 from auth_methods m where m.platform_id = ${bare(p.id)} and e.key like '%:' || m.id)`,
    );
    await sql(
      (q) =>
        q`update platform_auth_failures set window_start = now() - interval '2 minutes' where key like ${`client:${p.clientId} %`}`,
    );
    await sql(
      (q) =>
        q`update uma_nonces set signed_at = now() - interval '11 minutes' where vasp_domain = ${`${bare(p.id)}.test`}`,
    );
  }

  async function untilSwept(clientId: string): Promise<Record<string, number>> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const c = await counts(clientId);
      if (Object.values(c).every((n) => n === 0) || Date.now() > deadline) return c;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  // Three rounds of rows made through the API on a loaded machine: more time than the suite's default.
  it("deletes rows past their retention, keeps live ones, and the tables stay bounded over rounds", {
    timeout: 240_000,
  }, async () => {
    const zero = {
      signed_requests: 0,
      otp_challenges: 0,
      oidc_token_uses: 0,
      agent_device_codes: 0,
      rate_limit_events: 0,
      platform_auth_failures: 0,
      uma_nonces: 0,
    };
    for (let round = 0; round < 3; round++) {
      await makeRows(3);
      const made = await counts(p.clientId);
      for (const [table, n] of Object.entries(made)) expect(n, table).toBeGreaterThan(0);
      // Live rows survive several sweeper passes.
      await new Promise((r) => setTimeout(r, 1000));
      expect(await counts(p.clientId)).toEqual(made);
      await age();
      // A few rows per table, deleted two per statement by either instance.
      expect(await untilSwept(p.clientId)).toEqual(zero);
    }
  });
});
