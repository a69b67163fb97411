import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { call, newCustomer, newPlatform, type TestPlatform } from "../../support/api";
import { example } from "../../support/external-account-examples";

const sql = postgres(inject("databaseUrl"), { max: 2, onnotice: () => {} });
afterAll(() => sql.end());

const POLICY = {
  permissions: ["MANAGE_EXTERNAL_ACCOUNTS", "VIEW_TRANSACTIONS"],
  defaultExecutionMode: "APPROVAL_REQUIRED",
  spendingLimits: { currency: "USD", perTransactionLimit: 10_000, dailyLimit: 50_000 },
};

async function newAgent(p: TestPlatform, customerId: string, policy: Record<string, unknown> = POLICY) {
  const r = await call("POST", "/agents", { auth: p.auth, body: { name: "Bookkeeper", customerId, policy } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { agent: any; deviceCode: { code: string; agentId: string; expiresAt: string; redeemed: boolean } };
}

async function connectedAgent(p: TestPlatform, customerId: string, policy?: Record<string, unknown>) {
  const { agent, deviceCode } = await newAgent(p, customerId, policy);
  const r = await call("POST", `/agents/device-codes/${deviceCode.code}/redeem`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { agent, token: r.body.accessToken as string, bearer: `Bearer ${r.body.accessToken}` };
}

describe("Agent Management", () => {
  it("creates an agent with a device code, lists, gets, renames, pauses, changes policy and deletes", async () => {
    const p = await newPlatform();
    const other = await newPlatform();
    const { customer } = await newCustomer(p);
    const { agent, deviceCode } = await newAgent(p, customer.id);
    expect(agent).toMatchObject({
      name: "Bookkeeper",
      customerId: customer.id,
      isPaused: false,
      isConnected: false,
      policy: POLICY,
    });
    expect(agent.id).toMatch(/^Agent:[0-9a-f-]{36}$/);
    expect(agent.usage).toMatchObject({ dailyTransactionCount: 0, dailySpend: 0, monthlySpend: 0 });
    expect(deviceCode.code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(deviceCode).toMatchObject({ agentId: agent.id, redeemed: false });
    const ttl = Date.parse(deviceCode.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(23.9 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000);

    const bad = await call("POST", "/agents", {
      auth: p.auth,
      body: { customerId: customer.id, policy: { permissions: ["FLY"], spendingLimits: { perTransactionLimit: -1 } } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: any) => e.field).sort()).toEqual(
      [
        "name",
        "policy.defaultExecutionMode",
        "policy.permissions.0",
        "policy.spendingLimits.currency",
        "policy.spendingLimits.perTransactionLimit",
      ].sort(),
    );
    expect(
      (
        await call("POST", "/agents", {
          auth: other.auth,
          body: { name: "x", customerId: customer.id, policy: POLICY },
        })
      ).status,
    ).toBe(404);

    expect((await call("GET", `/agents/${agent.id}`, { auth: p.auth })).body).toEqual(agent);
    expect((await call("GET", `/agents/${agent.id}`, { auth: other.auth })).status).toBe(404);
    expect((await call("GET", `/agents/garbage`, { auth: p.auth })).body.code).toBe("AGENT_NOT_FOUND");

    const renamed = await call("PATCH", `/agents/${agent.id}`, {
      auth: p.auth,
      body: { name: "Ledger bot", isPaused: true },
    });
    expect(renamed.body).toMatchObject({ name: "Ledger bot", isPaused: true });
    expect((await call("PATCH", `/agents/${agent.id}`, { auth: p.auth, body: {} })).status).toBe(400);

    const policy = await call("PATCH", `/agents/${agent.id}/policy`, {
      auth: p.auth,
      body: { permissions: ["CREATE_QUOTES"], spendingLimits: { dailyLimit: null, monthlyLimit: 900_000 } },
    });
    expect(policy.status).toBe(200);
    expect(policy.body.policy).toEqual({
      permissions: ["CREATE_QUOTES"],
      defaultExecutionMode: "APPROVAL_REQUIRED",
      spendingLimits: { currency: "USD", perTransactionLimit: 10_000, dailyLimit: null, monthlyLimit: 900_000 },
    });

    const second = await newAgent(p, customer.id);
    const paused = await call("GET", `/agents?isPaused=true&customerId=${customer.id}`, { auth: p.auth });
    expect(paused.body.data.map((a: any) => a.id)).toEqual([agent.id]);
    const page1 = await call("GET", "/agents?limit=1", { auth: p.auth });
    expect(page1.body).toMatchObject({ hasMore: true });
    const page2 = await call("GET", `/agents?limit=1&cursor=${page1.body.nextCursor}`, { auth: p.auth });
    expect(page2.body.data.map((a: any) => a.id)).toEqual([second.agent.id]);
    expect((await call("GET", "/agents", { auth: other.auth })).body.data).toEqual([]);

    expect((await call("DELETE", `/agents/${agent.id}`, { auth: other.auth })).status).toBe(404);
    expect((await call("DELETE", `/agents/${agent.id}`, { auth: p.auth })).status).toBe(204);
    expect((await call("GET", `/agents/${agent.id}`, { auth: p.auth })).status).toBe(404);
  });

  it("device codes: single use, replaced by a newer code, 409 once connected, status, expiry, 404 unknown", async () => {
    const p = await newPlatform();
    const other = await newPlatform();
    const { customer } = await newCustomer(p);
    const { agent, deviceCode: first } = await newAgent(p, customer.id);
    const newer = await call("POST", `/agents/${agent.id}/device-codes`, { auth: p.auth });
    expect(newer.status).toBe(201);
    expect(newer.body.code).not.toBe(first.code);
    const replaced = await call("POST", `/agents/device-codes/${first.code}/redeem`);
    expect(replaced.status).toBe(400);
    expect(replaced.body.code).toBe("DEVICE_CODE_EXPIRED");

    const status0 = await call("GET", `/agents/device-codes/${newer.body.code}/status`, { auth: p.auth });
    expect(status0.body).toMatchObject({ code: newer.body.code, redeemed: false });
    expect((await call("GET", `/agents/device-codes/${newer.body.code}/status`, { auth: other.auth })).status).toBe(
      404,
    );

    // Typed loosely: lower case, no hyphen.
    const redeemed = await call(
      "POST",
      `/agents/device-codes/${newer.body.code.replace("-", "").toLowerCase()}/redeem`,
    );
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({ agentId: agent.id, agentName: "Bookkeeper", policy: POLICY });
    expect(redeemed.body.accessToken).toMatch(/^gat_[0-9a-f]{40}$/);
    const stored = await sql`select token_digest from agents where id = ${agent.id.split(":")[1]}`;
    expect(stored[0].token_digest).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await sql`select * from agents`)).not.toContain(redeemed.body.accessToken.slice(4));

    const twice = await call("POST", `/agents/device-codes/${newer.body.code}/redeem`);
    expect(twice.status).toBe(400);
    expect(twice.body.code).toBe("DEVICE_CODE_ALREADY_REDEEMED");
    expect((await call("GET", `/agents/device-codes/${newer.body.code}/status`, { auth: p.auth })).body.redeemed).toBe(
      true,
    );
    expect((await call("GET", `/agents/${agent.id}`, { auth: p.auth })).body.isConnected).toBe(true);
    expect((await call("POST", `/agents/${agent.id}/device-codes`, { auth: p.auth })).status).toBe(409);

    const unknown = await call("POST", "/agents/device-codes/ZZZZ-ZZZZ/redeem");
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("DEVICE_CODE_NOT_FOUND");

    const { deviceCode: old } = await newAgent(p, customer.id);
    await sql`update agent_device_codes set expires_at = now() - interval '1 second' where agent_id = ${old.agentId.split(":")[1]}`;
    const expired = await call("POST", `/agents/device-codes/${old.code}/redeem`);
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe("DEVICE_CODE_EXPIRED");
  });

  it("redemption attempts are limited to 10 per minute per code (429 + Retry-After), shared in PostgreSQL", async () => {
    const p = await newPlatform();
    const { customer } = await newCustomer(p);
    const { deviceCode } = await newAgent(p, customer.id);
    await sql`update agent_device_codes set expires_at = now() - interval '1 second' where agent_id = ${deviceCode.agentId.split(":")[1]}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await call("POST", `/agents/device-codes/${deviceCode.code}/redeem`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    const limited = await call("POST", `/agents/device-codes/${deviceCode.code}/redeem`);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("RATE_LIMITED");
    const retry = Number(limited.headers.get("retry-after"));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    // Another code is not affected.
    expect((await call("POST", "/agents/device-codes/YYYY-YYYY/redeem")).status).toBe(404);
  });
});

describe("Agent Operations: GET /agents/me/external-accounts/{externalAccountId}", () => {
  it("answers 200, 401, 403 and 404 exactly as specified", async () => {
    const p = await newPlatform();
    const other = await newPlatform();
    const { customer } = await newCustomer(p);
    const { customer: neighbour } = await newCustomer(p);
    const { customer: foreign } = await newCustomer(other);
    const mine = (
      await call("POST", "/customers/external-accounts", {
        auth: p.auth,
        body: { customerId: customer.id, ...example("USD_ACCOUNT") },
      })
    ).body;
    const theirs = (
      await call("POST", "/customers/external-accounts", {
        auth: p.auth,
        body: { customerId: neighbour.id, ...example("USD_ACCOUNT") },
      })
    ).body;
    const platformOwn = (
      await call("POST", "/platform/external-accounts", { auth: p.auth, body: example("USD_ACCOUNT") })
    ).body;
    const otherPlatform = (
      await call("POST", "/customers/external-accounts", {
        auth: other.auth,
        body: { customerId: foreign.id, ...example("USD_ACCOUNT") },
      })
    ).body;
    const { agent, bearer } = await connectedAgent(p, customer.id);
    const url = (id: string) => `/agents/me/external-accounts/${id}`;

    const ok = await call("GET", url(mine.id), { headers: { authorization: bearer } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual(mine);

    const missing = await call("GET", url("ExternalAccount:00000000-0000-7000-8000-000000000000"), {
      headers: { authorization: bearer },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("EXTERNAL_ACCOUNT_NOT_FOUND");
    for (const id of [
      theirs.id,
      platformOwn.id,
      otherPlatform.id,
      "ExternalAccount:nope",
      "42",
      `Customer:${customer.id.split(":")[1]}`,
    ]) {
      const r = await call("GET", url(encodeURIComponent(id)), { headers: { authorization: bearer } });
      expect(r.status, id).toBe(404);
      expect({ ...r.body, message: r.body.message.replace(id, "X") }).toEqual({
        ...missing.body,
        message: missing.body.message.replace("ExternalAccount:00000000-0000-7000-8000-000000000000", "X"),
      });
    }

    for (const authorization of [
      undefined,
      p.auth,
      `Bearer gat_${"0".repeat(40)}`,
      "Bearer nonsense",
      `Basic ${agent.id}`,
      bearer.replace("Bearer", "Token"),
    ]) {
      const r = await call("GET", url(mine.id), { headers: authorization ? { authorization } : {} });
      expect(r.status, String(authorization)).toBe(401);
      expect(r.body.code).toBe("UNAUTHORIZED");
    }
    // The lookup authenticates in the same query as it reads the account: a bad token is 401 whatever the id.
    for (const id of [mine.id, theirs.id, "ExternalAccount:00000000-0000-7000-8000-000000000000", "garbage"]) {
      const r = await call("GET", url(encodeURIComponent(id)), {
        headers: { authorization: `Bearer gat_${"0".repeat(40)}` },
      });
      expect(r.status, id).toBe(401);
      expect(r.body.code).toBe("UNAUTHORIZED");
    }

    await call("PATCH", `/agents/${agent.id}`, { auth: p.auth, body: { isPaused: true } });
    const paused = await call("GET", url(mine.id), { headers: { authorization: bearer } });
    expect(paused.status).toBe(403);
    expect(paused.body.code).toBe("FORBIDDEN");
    expect((await call("GET", "/agents/me", { headers: { authorization: bearer } })).body.isPaused).toBe(true);
    await call("PATCH", `/agents/${agent.id}`, { auth: p.auth, body: { isPaused: false } });
    expect((await call("GET", url(mine.id), { headers: { authorization: bearer } })).status).toBe(200);

    await call("PATCH", `/agents/${agent.id}/policy`, { auth: p.auth, body: { permissions: ["VIEW_TRANSACTIONS"] } });
    const noPerm = await call("GET", url(mine.id), { headers: { authorization: bearer } });
    expect(noPerm.status).toBe(403);
    expect(noPerm.body.code).toBe("FORBIDDEN");
    expect(noPerm.body.message).toContain("MANAGE_EXTERNAL_ACCOUNTS");
    // 403 comes before 404: the agent learns nothing about accounts it may not manage.
    expect((await call("GET", url("garbage"), { headers: { authorization: bearer } })).status).toBe(403);

    expect((await call("DELETE", `/agents/${agent.id}`, { auth: p.auth })).status).toBe(204);
    const deleted = await call("GET", url(mine.id), { headers: { authorization: bearer } });
    expect(deleted.status).toBe(401);
    expect(deleted.body.code).toBe("UNAUTHORIZED");
    expect((await call("GET", url("garbage"), { headers: { authorization: bearer } })).status).toBe(401);
    expect((await call("GET", "/agents/me", { headers: { authorization: bearer } })).status).toBe(401);
  });

  it("the agent lists, adds and deletes only its customer's external accounts", async () => {
    const p = await newPlatform();
    const { customer } = await newCustomer(p);
    const { customer: neighbour } = await newCustomer(p);
    await call("POST", "/customers/external-accounts", {
      auth: p.auth,
      body: { customerId: neighbour.id, ...example("GBP_ACCOUNT") },
    });
    const { agent, bearer } = await connectedAgent(p, customer.id);
    const h = { authorization: bearer };

    const me = await call("GET", "/agents/me", { headers: h });
    expect(me.body).toMatchObject({ id: agent.id, customerId: customer.id, isConnected: true });

    const created = await call("POST", "/agents/me/external-accounts", {
      headers: h,
      body: { customerId: neighbour.id, ...example("EUR_ACCOUNT") },
    });
    expect(created.status).toBe(201);
    expect(created.body.customerId).toBe(customer.id);
    expect(
      (await call("POST", "/agents/me/external-accounts", { headers: h, body: example("EUR_ACCOUNT") })).status,
    ).toBe(409);
    const invalid = await call("POST", "/agents/me/external-accounts", {
      headers: h,
      body: { currency: "EUR", accountInfo: { accountType: "EUR_ACCOUNT" } },
    });
    expect(invalid.status).toBe(400);

    const list = await call("GET", "/agents/me/external-accounts", { headers: h });
    expect(list.body.data.map((a: any) => a.id)).toEqual([created.body.id]);
    expect((await call("GET", "/agents/me/external-accounts?currency=GBP", { headers: h })).body.data).toEqual([]);
    expect((await call("GET", "/agents/me/external-accounts", { auth: p.auth })).status).toBe(401);

    expect((await call("DELETE", `/agents/me/external-accounts/${created.body.id}`, { headers: h })).status).toBe(204);
    expect((await call("DELETE", `/agents/me/external-accounts/${created.body.id}`, { headers: h })).status).toBe(404);

    const viewer = await connectedAgent(p, customer.id, { ...POLICY, permissions: ["VIEW_TRANSACTIONS"] });
    const vh = { authorization: viewer.bearer };
    expect((await call("GET", "/agents/me/external-accounts", { headers: vh })).status).toBe(403);
    expect(
      (await call("POST", "/agents/me/external-accounts", { headers: vh, body: example("USD_ACCOUNT") })).status,
    ).toBe(403);
    expect((await call("GET", "/agents/me", { headers: vh })).status).toBe(200);
  });
});
