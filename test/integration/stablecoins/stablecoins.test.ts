/**
 * Stablecoins on a server of their own (so no other instance's worker moves its operations): provider
 * account links (secret encrypted), registration, mints and burns moving asynchronously with the sandbox
 * issuer provider, the supply and reserve on the ledger, a restart mid-operation, two tenants, idempotency.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { closeDb, execRows, getDb } from "@/db/client";
import { startServer } from "../../support/server";
import { startOwnServer } from "../../support/own-server";
import {
  call,
  consent,
  DELAY,
  issuer,
  ledgerOf,
  op,
  platform,
  servers,
  settled,
  sound,
  supply,
  until,
} from "../../support/stablecoins";

beforeAll(async () => {
  servers.own = await startOwnServer("sc", { STABLECOIN_SETTLE_DELAY_MS: String(DELAY), STABLECOIN_POLL_MS: "50" });
  servers.current = servers.own.server;
}, 120_000);
afterAll(async () => {
  if (servers.current !== servers.own.server) await servers.current.stop();
  await servers.own.stop();
});

describe("stablecoin provider accounts", () => {
  it("links with any sandbox credentials, keeps the secret encrypted, lists and reads; idempotency as Grid says", async () => {
    const p = await platform();
    const body = {
      provider: "BRALE",
      apiClientId: "client-1",
      apiClientSecret: "very-secret-provider-key",
      providerAccountId: "2VcUIonJeVQzFoBuC7LdFT0dRe4",
    };
    expect((await call("POST", "/stablecoin-provider-accounts", { auth: p.auth, body, key: null })).status).toBe(400);
    const r = await call("POST", "/stablecoin-provider-accounts", { auth: p.auth, body, key: "link-1" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      provider: "BRALE",
      providerAccountId: "2VcUIonJeVQzFoBuC7LdFT0dRe4",
      providerEnvironment: "SANDBOX",
      status: "ACTIVE",
    });
    expect(r.body.id).toMatch(/^StablecoinProviderAccount:/);
    expect(r.body.lastVerifiedAt).toBeTruthy();
    expect(JSON.stringify(r.body)).not.toContain("very-secret");
    expect((await call("POST", "/stablecoin-provider-accounts", { auth: p.auth, body, key: "link-1" })).body).toEqual(
      r.body,
    );
    const other = await call("POST", "/stablecoin-provider-accounts", {
      auth: p.auth,
      body: { ...body, apiClientId: "x" },
      key: "link-1",
    });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect((await call("POST", "/stablecoin-provider-accounts", { auth: p.auth, body })).status).toBe(409);
    const [row] = await execRows<{ enc: string }>(
      await getDb(),
      sql`select api_client_secret_enc as enc from stablecoin_provider_accounts where platform_id = ${p.id}`,
    );
    expect(row.enc).not.toContain("very-secret");
    const list = await call("GET", "/stablecoin-provider-accounts?status=ACTIVE", { auth: p.auth });
    expect(list.body).toMatchObject({ data: [r.body], hasMore: false, totalCount: 1 });
    expect((await call("GET", `/stablecoin-provider-accounts/${r.body.id}`, { auth: p.auth })).body).toEqual(r.body);
    const missing = await call(
      "GET",
      "/stablecoin-provider-accounts/StablecoinProviderAccount:019542f5-b3e7-7d02-8000-000000000001",
      { auth: p.auth },
    );
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND");
  });

  it("registration picks the one active link, asks for a choice among several, refuses a duplicate token", async () => {
    const p = await platform();
    const reg = { providerTokenIdentifier: "ZED", networkTokenIdentifier: "btknrt1zzzzzzzzzzzz", network: "SPARK" };
    const none = await call("POST", "/stablecoins", { auth: p.auth, body: reg });
    expect([none.status, none.body.code]).toEqual([404, "STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND"]);
    const a = await call("POST", "/stablecoin-provider-accounts", {
      auth: p.auth,
      body: { provider: "BRALE", apiClientId: "a", apiClientSecret: "secret-a" },
    });
    const coin = await call("POST", "/stablecoins", { auth: p.auth, body: reg });
    expect(coin.status).toBe(201);
    expect(coin.body).toMatchObject({
      name: "ZED Sandbox Dollar",
      symbol: "ZED",
      baseCurrency: "USD",
      network: "SPARK",
      decimals: 6,
      issuanceStatus: "PROVISIONED",
      gridOperationsStatus: "NOT_ENABLED",
      provider: "BRALE",
      providerEnvironment: "SANDBOX",
      stablecoinProviderAccountId: a.body.id,
      providerTokenIdentifier: "ZED",
    });
    expect((await call("POST", "/stablecoins", { auth: p.auth, body: reg })).status).toBe(409);
    await call("POST", "/stablecoin-provider-accounts", {
      auth: p.auth,
      body: { provider: "BRALE", apiClientId: "b", apiClientSecret: "secret-b" },
    });
    const choose = await call("POST", "/stablecoins", {
      auth: p.auth,
      body: { ...reg, providerTokenIdentifier: "YYY" },
    });
    expect([choose.status, choose.body.code]).toEqual([400, "STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED"]);
    const bad = await call("POST", "/stablecoins", {
      auth: p.auth,
      body: { ...reg, networkTokenIdentifier: "btkn1mainnet", stablecoinProviderAccountId: a.body.id },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0].field).toBe("networkTokenIdentifier");
    const list = await call("GET", "/stablecoins?issuanceStatus=PROVISIONED", { auth: p.auth });
    expect(list.body).toMatchObject({ data: [coin.body], totalCount: 1 });
    expect((await call("GET", `/stablecoins/${coin.body.id}`, { auth: p.auth })).body).toEqual(coin.body);
  });
});

describe("mints and burns", () => {
  it("an ACH mint moves PENDING_PROVIDER → PROCESSING → COMPLETED; the supply and reserve grow on the ledger", async () => {
    const { p, coin, bank, spark } = await issuer("ACME");
    const r = await call("POST", `/stablecoins/${coin.id}/mints`, {
      auth: p.auth,
      body: {
        amount: "25000000",
        fundingSource: { type: "ACH_DEBIT", externalAccountId: bank },
        destination: { accountId: spark },
        description: "program funding",
      },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      stablecoinId: coin.id,
      operationType: "MINT",
      status: "PENDING_PROVIDER",
      amount: "25000000",
      provider: "BRALE",
      providerEnvironment: "SANDBOX",
      source: { type: "ACH_DEBIT", externalAccountId: bank },
      destination: { accountId: spark },
      description: "program funding",
    });
    const seen = new Set<string>();
    const done = await until(async () => {
      const x = await op(p, r.body.id);
      seen.add(x.body.status);
      return x;
    }, settled);
    expect(done.body.status).toBe("COMPLETED");
    expect(seen.has("PENDING_FUNDING")).toBe(false);
    expect(await supply(p.id, "ACME")).toBe(25000000n);
    expect(await ledgerOf(p.id, "sys:%:STABLECOIN_RESERVE:USD")).toBe(2500n);
    await sound(p.id);
    const list = await call("GET", `/stablecoins/${coin.id}/operations?operationType=MINT`, { auth: p.auth });
    expect(list.body).toMatchObject({ data: [done.body], totalCount: 1, hasMore: false });
  });

  it("refuses amounts that are not whole cents, bad accounts and a missing Idempotency-Key; replays by key", async () => {
    const { p, coin, bank, spark } = await issuer("BETA");
    const mint = (amount: string, extra: Record<string, unknown> = {}, key?: string | null) =>
      call("POST", `/stablecoins/${coin.id}/mints`, {
        auth: p.auth,
        key,
        body: {
          amount,
          fundingSource: { type: "ACH_DEBIT", externalAccountId: bank },
          destination: { accountId: spark },
          ...extra,
        },
      });
    const odd = await mint("1234567");
    expect(odd.status).toBe(400);
    expect(odd.body.details.errors[0].field).toBe("amount");
    expect((await mint("10000", {}, null)).status).toBe(400);
    const wrongKind = await mint("10000", { destination: { accountId: bank } });
    expect([wrongKind.status, wrongKind.body.details.errors[0].field]).toEqual([400, "destination.accountId"]);
    const first = await mint("10000", {}, "same");
    expect((await mint("10000", {}, "same")).body).toEqual(first.body);
    expect((await mint("20000", {}, "same")).body.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("a mint funded by an internal account debits it at once; a failed mint gives it back (sandbox cents 02)", async () => {
    const { p, coin, spark } = await issuer("GAMA");
    const c = await call("POST", "/customers", {
      auth: p.auth,
      // A debit of a customer's account passes the quote's checks: KYC, SCA session where required, end-user terms.
      body: { customerType: "INDIVIDUAL", fullName: "Money User", currencies: ["USD"], endUserTermsConsent: consent() },
    });
    const accounts = await call("GET", `/customers/internal-accounts?customerId=${encodeURIComponent(c.body.id)}`, {
      auth: p.auth,
    });
    const usd = accounts.body.data.find(
      (a: { balance: { currency: { code: string } } }) => a.balance.currency.code === "USD",
    ).id;
    expect(
      (await call("POST", `/sandbox/internal-accounts/${usd}/fund`, { auth: p.auth, body: { amount: 10_000 } })).status,
    ).toBe(200);
    const balance = async () => (await call("GET", `/internal-accounts/${usd}`, { auth: p.auth })).body.balance.amount;
    const body = (amount: string) => ({
      amount,
      fundingSource: { type: "GRID_INTERNAL_ACCOUNT", accountId: usd },
      destination: { accountId: spark },
    });
    const tooMuch = await call("POST", `/stablecoins/${coin.id}/mints`, { auth: p.auth, body: body("200000000") });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([400, "INSUFFICIENT_FUNDS"]);
    const failing = await call("POST", `/stablecoins/${coin.id}/mints`, { auth: p.auth, body: body("10020000") });
    expect(failing.status).toBe(201);
    expect(await balance()).toBe(10_000 - 1002);
    const ok = await call("POST", `/stablecoins/${coin.id}/mints`, { auth: p.auth, body: body("30000000") });
    const [f, o] = await Promise.all([
      until(() => op(p, failing.body.id), settled),
      until(() => op(p, ok.body.id), settled),
    ]);
    expect(f.body).toMatchObject({ status: "FAILED", failureReason: "PROVIDER_TRANSFER_FAILED" });
    expect(o.body.status).toBe("COMPLETED");
    expect(await balance()).toBe(10_000 - 3000);
    expect(await supply(p.id, "GAMA")).toBe(30000000n);
    const events = await execRows<{ n: number }>(
      await getDb(),
      sql`select count(*)::int as n from outbox_events where platform_id = ${p.id} and type = 'INTERNAL_ACCOUNT.BALANCE_UPDATED' and data->>'id' = ${usd}`,
    );
    // fund is not a stablecoin step; hold ×2, release ×1
    expect(events[0].n).toBe(3);
    await sound(p.id);
  });

  it("a mint funded from a customer's account applies the quote's checks: KYC-rejected and SCA-without-session customers are not debited", async () => {
    const { p, coin, spark } = await issuer("GUARD");
    const customer = async (extra: Record<string, unknown>) => {
      const c = await call("POST", "/customers", {
        auth: p.auth,
        body: { customerType: "INDIVIDUAL", currencies: ["USD"], endUserTermsConsent: consent(), ...extra },
      });
      expect(c.status, JSON.stringify(c.body)).toBe(201);
      const list = await call("GET", `/customers/internal-accounts?customerId=${encodeURIComponent(c.body.id)}`, {
        auth: p.auth,
      });
      const usd = list.body.data.find(
        (a: { balance: { currency: { code: string } } }) => a.balance.currency.code === "USD",
      ).id as string;
      expect(
        (await call("POST", `/sandbox/internal-accounts/${usd}/fund`, { auth: p.auth, body: { amount: 10_000 } }))
          .status,
      ).toBe(200);
      return usd;
    };
    // Sandbox suffix 002: KYC REJECTED at creation (the platform skips paperwork).
    const rejected = await customer({ fullName: "Rex Reject 002" });
    const eu = await customer({
      fullName: "Eva Euro",
      address: { line1: "1 Hauptstr.", city: "Berlin", postalCode: "10115", country: "DE" },
    });
    for (const [usd, status, code] of [
      [rejected, 403, "USER_NOT_READY"],
      [eu, 409, "SCA_SESSION_REQUIRED"],
    ] as const) {
      const r = await call("POST", `/stablecoins/${coin.id}/mints`, {
        auth: p.auth,
        body: {
          amount: "10000000",
          fundingSource: { type: "GRID_INTERNAL_ACCOUNT", accountId: usd },
          destination: { accountId: spark },
        },
      });
      expect([r.status, r.body.code], JSON.stringify(r.body)).toEqual([status, code]);
      expect((await call("GET", `/internal-accounts/${usd}`, { auth: p.auth })).body.balance.amount).toBe(10_000);
    }
  });

  it("a burn from an external wallet waits for funds at the provider's deposit address, then redeems; no burn beyond the supply", async () => {
    const { p, coin, bank, spark } = await issuer("DELT");
    const mint = await call("POST", `/stablecoins/${coin.id}/mints`, {
      auth: p.auth,
      body: { amount: "5000000", fundingSource: { type: "WIRE" }, destination: { accountId: spark } },
    });
    expect(mint.body.status).toBe("PENDING_FUNDING");
    expect(mint.body.fundingInstructions).toMatchObject({ rail: "WIRE" });
    expect(mint.body.expiresAt).toBeTruthy();
    expect((await until(() => op(p, mint.body.id), settled)).body.status).toBe("COMPLETED");
    const burn = (amount: string) =>
      call("POST", `/stablecoins/${coin.id}/burns`, {
        auth: p.auth,
        body: {
          amount,
          source: { type: "EXTERNAL_ACCOUNT" },
          destination: { type: "EXTERNAL_ACCOUNT", externalAccountId: bank, rail: "ACH_CREDIT" },
        },
      });
    const b = await burn("2000000");
    expect(b.status).toBe(201);
    expect(b.body).toMatchObject({
      operationType: "BURN",
      status: "PENDING_FUNDING",
      fundingInstructions: { rail: "SPARK", network: "SPARK", valueType: "DELT" },
      destination: { accountId: bank, rail: "ACH_CREDIT" },
      estimatedDelivery: { rail: "ACH_CREDIT", amount: "200", currency: "USD", timing: "1-3 business days" },
    });
    expect(b.body.fundingInstructions.address).toMatch(/^sparkrt1/);
    const done = await until(() => op(p, b.body.id), settled);
    expect(done.body.status).toBe("COMPLETED");
    expect(done.body.fundingInstructions).toBeUndefined();
    expect(await supply(p.id, "DELT")).toBe(3000000n);
    const tooMany = await burn("4000000");
    const over = await until(() => op(p, tooMany.body.id), settled);
    expect(over.body).toMatchObject({ status: "FAILED", failureReason: "INSUFFICIENT_SUPPLY" });
    const expiring = await burn("1030000");
    expect(Date.parse(expiring.body.expiresAt) - Date.parse(expiring.body.createdAt)).toBe(DELAY);
    expect(Date.parse(b.body.expiresAt) - Date.parse(b.body.createdAt)).toBe(7 * 24 * 3600_000);
    expect((await until(() => op(p, expiring.body.id), settled)).body.status).toBe("EXPIRED");
    expect(await supply(p.id, "DELT")).toBe(3000000n);
    expect(await ledgerOf(p.id, "sys:%:STABLECOIN_RESERVE:USD")).toBe(300n);
    await sound(p.id);
  });
});

describe("two tenants", () => {
  it("a platform sees none of another's links, stablecoins and operations, and cannot use its accounts", async () => {
    const a = await issuer("TENA");
    const b = await issuer("TENB");
    const m = await call("POST", `/stablecoins/${a.coin.id}/mints`, {
      auth: a.p.auth,
      body: { amount: "10000", fundingSource: { type: "WIRE" }, destination: { accountId: a.spark } },
    });
    expect((await call("GET", `/stablecoin-provider-accounts/${a.link.id}`, { auth: b.p.auth })).body.code).toBe(
      "STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND",
    );
    expect((await call("GET", `/stablecoins/${a.coin.id}`, { auth: b.p.auth })).body.code).toBe("STABLECOIN_NOT_FOUND");
    expect((await call("GET", `/stablecoins/${a.coin.id}/operations`, { auth: b.p.auth })).body.code).toBe(
      "STABLECOIN_NOT_FOUND",
    );
    expect((await call("GET", `/stablecoin-operations/${m.body.id}`, { auth: b.p.auth })).body.code).toBe(
      "STABLECOIN_OPERATION_NOT_FOUND",
    );
    const onTheirs = await call("POST", `/stablecoins/${a.coin.id}/mints`, {
      auth: b.p.auth,
      body: { amount: "10000", fundingSource: { type: "WIRE" }, destination: { accountId: b.spark } },
    });
    expect([onTheirs.status, onTheirs.body.code]).toEqual([404, "STABLECOIN_NOT_FOUND"]);
    const theirWallet = await call("POST", `/stablecoins/${b.coin.id}/mints`, {
      auth: b.p.auth,
      body: { amount: "10000", fundingSource: { type: "WIRE" }, destination: { accountId: a.spark } },
    });
    expect([theirWallet.status, theirWallet.body.code]).toEqual([404, "EXTERNAL_ACCOUNT_NOT_FOUND"]);
    for (const path of ["/stablecoin-provider-accounts", "/stablecoins"]) {
      const list = await call("GET", path, { auth: b.p.auth });
      expect(list.body.totalCount).toBe(1);
      expect(JSON.stringify(list.body)).not.toContain(a.coin.id.slice(-12));
    }
  });
});

describe("restart", () => {
  it("operations accepted by a server killed mid-operation settle once another instance starts; nothing moves while none runs", async () => {
    const { p, coin, bank, spark } = await issuer("REST");
    const mint = await call("POST", `/stablecoins/${coin.id}/mints`, {
      auth: p.auth,
      body: {
        amount: "7000000",
        fundingSource: { type: "ACH_DEBIT", externalAccountId: bank },
        destination: { accountId: spark },
      },
    });
    expect((await until(() => op(p, mint.body.id), settled)).body.status).toBe("COMPLETED");
    const burn = await call("POST", `/stablecoins/${coin.id}/burns`, {
      auth: p.auth,
      body: {
        amount: "2000000",
        source: { type: "PROVIDER_INTERNAL_BALANCE" },
        destination: { type: "EXTERNAL_ACCOUNT", externalAccountId: bank, rail: "WIRE" },
      },
    });
    const second = await call("POST", `/stablecoins/${coin.id}/mints`, {
      auth: p.auth,
      body: { amount: "1000000", fundingSource: { type: "WIRE" }, destination: { accountId: spark } },
    });
    // Kill the only instance before the providers' first steps are due.
    servers.current.proc.kill("SIGKILL");
    await new Promise((r) => (servers.current.proc.exitCode !== null ? r(null) : servers.current.proc.once("exit", r)));
    await new Promise((r) => setTimeout(r, DELAY * 6));
    const frozen = await execRows<{ status: string }>(
      await getDb(),
      sql`select status from stablecoin_operations where platform_id = ${p.id} order by id`,
    );
    expect(frozen.map((r) => r.status)).toEqual(["COMPLETED", "PENDING_PROVIDER", "PENDING_FUNDING"]);
    servers.current = await startServer({
      DATABASE_URL: servers.own.dbUrl,
      DEMO_PLATFORM: "off",
      STABLECOIN_SETTLE_DELAY_MS: String(DELAY),
      STABLECOIN_POLL_MS: "50",
      KEY_ENCRYPTION_KEY: process.env.KEY_ENCRYPTION_KEY,
    });
    const [b, s] = await Promise.all([
      until(() => op(p, burn.body.id), settled),
      until(() => op(p, second.body.id), settled),
    ]);
    expect([b.body.status, s.body.status]).toEqual(["COMPLETED", "COMPLETED"]);
    expect(await supply(p.id, "REST")).toBe(7000000n - 2000000n + 1000000n);
    const entries = await execRows<{ n: number }>(
      await getDb(),
      sql`select count(*)::int as n from ledger_entries where transaction_id = ${burn.body.id.split(":")[1]}`,
    );
    expect(entries[0].n).toBe(4);
    await sound(p.id);
  }, 120_000);
});

describe("two instances", () => {
  it("two servers' workers on one database apply every step of every operation exactly once", async () => {
    const peer = await startServer({
      DATABASE_URL: servers.own.dbUrl,
      DEMO_PLATFORM: "off",
      STABLECOIN_SETTLE_DELAY_MS: String(DELAY),
      STABLECOIN_POLL_MS: "20",
      KEY_ENCRYPTION_KEY: process.env.KEY_ENCRYPTION_KEY,
    });
    try {
      const { p, coin, bank, spark } = await issuer("TWIN");
      const ids: string[] = [];
      // Whole dollars: no amount meets a sandbox failure suffix (cents 02, 03).
      for (let i = 1; i <= 12; i++) {
        const r = await call("POST", `/stablecoins/${coin.id}/mints`, {
          auth: p.auth,
          body: {
            amount: String(i * 1_000_000),
            fundingSource: { type: "ACH_DEBIT", externalAccountId: bank },
            destination: { accountId: spark },
          },
        });
        ids.push(r.body.id);
      }
      const done = await Promise.all(ids.map((id) => until(() => op(p, id), settled)));
      expect(done.map((d) => d.body.status)).toEqual(ids.map(() => "COMPLETED"));
      const perOp = await execRows<{ n: number }>(
        await getDb(),
        sql`select count(*)::int as n from ledger_entries where platform_id = ${p.id} group by transaction_id`,
      );
      expect(perOp.map((r) => r.n)).toEqual(ids.map(() => 4));
      expect(await supply(p.id, "TWIN")).toBe(BigInt(((12 * 13) / 2) * 1_000_000));
      await sound(p.id);
    } finally {
      await peer.stop();
    }
  }, 120_000);
});

afterAll(() => closeDb());
