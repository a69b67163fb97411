/**
 * The deprecated Plaid operations (Grid removed them on 2026-03-27; kept as Grid last defined them):
 * POST /plaid/link-tokens and POST /plaid/callback/{plaid_link_token} against the built-in Plaid sandbox.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { call, newCustomer, newPlatform, startPeerServer } from "../../support/api";
import { bare, setPlatformEnvironment, sql } from "../../support/credentials";
import { waitFor } from "../../support/webhook-receiver";

async function linkToken(auth: string, customerId: string) {
  const r = await call("POST", "/plaid/link-tokens", { auth, body: { customerId } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { linkToken: string; expiration: string; callbackUrl: string; requestId: string };
}

const callback = (auth: string, token: string, body: unknown) =>
  call("POST", `/plaid/callback/${encodeURIComponent(token)}`, { auth, body });

async function events(accountId: string) {
  return sql((q) => q`select type, data from outbox_events where data->>'id' = ${accountId} order by id`) as Promise<
    { type: string; data: any }[]
  >;
}

describe("Plaid (deprecated operations, sandbox)", () => {
  it("issues a link token, exchanges a public token into a PENDING USD account that turns ACTIVE with a webhook event", async () => {
    const p = await newPlatform();
    const { customer } = await newCustomer(p, { birthDate: "1990-01-15", nationality: "US" });
    const lt = await linkToken(p.auth, customer.id);
    expect(lt.linkToken).toMatch(/^link-sandbox-[0-9a-f-]{36}$/);
    expect(lt.callbackUrl).toMatch(new RegExp(`/api/2025-10-13/plaid/callback/${lt.linkToken}$`));
    const ttl = Date.parse(lt.expiration) - Date.now();
    expect(ttl).toBeGreaterThan(3.9 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(4 * 3600_000);
    expect(lt.requestId.length).toBeGreaterThan(0);
    // Only a keyed digest of the link token is stored.
    const stored = await sql(
      (q) => q`select token_digest from plaid_link_tokens where customer_id = ${bare(customer.id)}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0].token_digest).not.toContain(lt.linkToken);

    const r = await fetch(lt.callbackUrl, {
      method: "POST",
      headers: { authorization: p.auth, "content-type": "application/json" },
      body: JSON.stringify({ publicToken: "public-sandbox-12345678-1234-1234-1234-123456789012" }),
    });
    expect(r.status).toBe(202);
    const acct = await r.json();
    expect(acct).toMatchObject({
      customerId: customer.id,
      status: "PENDING",
      currency: "USD",
      accountInfo: {
        accountType: "USD_ACCOUNT",
        accountNumber: "1111222233330000",
        routingNumber: "011401533",
        bankName: "First Platypus Bank",
        bankAccountType: "CHECKING",
        beneficiary: {
          beneficiaryType: "INDIVIDUAL",
          fullName: "Test User",
          birthDate: "1990-01-15",
          nationality: "US",
        },
      },
    });
    expect(acct.id).toMatch(/^ExternalAccount:/);

    const active = await waitFor("the linked account to turn ACTIVE", async () => {
      const g = await call("GET", `/customers/external-accounts/${acct.id}`, { auth: p.auth });
      return g.body.status === "ACTIVE" ? g.body : null;
    });
    const evs = await events(acct.id);
    expect(evs.map((e) => [e.type, e.data.status])).toEqual([["EXTERNAL_ACCOUNT.STATUS_UPDATED", "ACTIVE"]]);
    expect(evs[0].data).toEqual(active);

    // Single use: the same link token again → 409.
    const again = await callback(p.auth, lt.linkToken, { publicToken: "public-sandbox-again" });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("CONFLICT");

    // The savings account through a second session; the same bank account twice → 409.
    const lt2 = await linkToken(p.auth, customer.id);
    const savings = await callback(p.auth, lt2.linkToken, {
      publicToken: "public-sandbox-2",
      accountId: "plaid-sandbox-savings",
    });
    expect(savings.status).toBe(202);
    expect(savings.body.accountInfo).toMatchObject({ accountNumber: "1111222233331111", bankAccountType: "SAVINGS" });
    const lt3 = await linkToken(p.auth, customer.id);
    const dup = await callback(p.auth, lt3.linkToken, { publicToken: "public-sandbox-3" });
    expect(dup.status).toBe(409);
  });

  it("refuses the documented failing public token, an unknown account and bad input; the link token stays usable", async () => {
    const p = await newPlatform();
    const { customer } = await newCustomer(p);
    const lt = await linkToken(p.auth, customer.id);
    const failed = await callback(p.auth, lt.linkToken, { publicToken: "public-sandbox-invalid" });
    expect(failed.status).toBe(400);
    expect(failed.body.code).toBe("INVALID_INPUT");
    expect(failed.body.details.errors.map((e: { field: string }) => e.field)).toEqual(["publicToken"]);
    const notSandbox = await callback(p.auth, lt.linkToken, { publicToken: "public-production-abc" });
    expect(notSandbox.body.details.errors.map((e: { field: string }) => e.field)).toEqual(["publicToken"]);
    const account = await callback(p.auth, lt.linkToken, { publicToken: "public-sandbox-x", accountId: "nope" });
    expect(account.body.details.errors.map((e: { field: string }) => e.field)).toEqual(["accountId"]);
    const bad = await callback(p.auth, lt.linkToken, { accountId: 7 });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["accountId", "publicToken"]);
    expect((await call("POST", "/plaid/link-tokens", { auth: p.auth, body: {} })).body.details.errors[0].field).toBe(
      "customerId",
    );
    // Nothing was created, and the link token still works.
    const ok = await callback(p.auth, lt.linkToken, { publicToken: "public-sandbox-ok" });
    expect(ok.status).toBe(202);
  });

  it("two callbacks with one link token at once: one 202, one 409, one account", async () => {
    const p = await newPlatform();
    const { customer } = await newCustomer(p);
    const lt = await linkToken(p.auth, customer.id);
    const both = await Promise.all([
      callback(p.auth, lt.linkToken, { publicToken: "public-sandbox-a" }),
      callback(p.auth, lt.linkToken, { publicToken: "public-sandbox-b", accountId: "plaid-sandbox-savings" }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([202, 409]);
    const list = await call("GET", `/customers/external-accounts?customerId=${encodeURIComponent(customer.id)}`, {
      auth: p.auth,
    });
    expect(list.body.data).toHaveLength(1);
  });

  it("answers 404 for an unknown customer, an unknown or expired link token, and another tenant's customer or token", async () => {
    const p = await newPlatform();
    const q = await newPlatform();
    const { customer } = await newCustomer(p);
    const unknown = await call("POST", "/plaid/link-tokens", {
      auth: p.auth,
      body: { customerId: "Customer:019542f5-b3e7-1d02-0000-000000000001" },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("USER_NOT_FOUND");
    const foreign = await call("POST", "/plaid/link-tokens", { auth: q.auth, body: { customerId: customer.id } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("USER_NOT_FOUND");

    const lt = await linkToken(p.auth, customer.id);
    const otherTenant = await callback(q.auth, lt.linkToken, { publicToken: "public-sandbox-1" });
    expect(otherTenant.status).toBe(404);
    expect(otherTenant.body.code).toBe("NOT_FOUND");
    const made = await callback(p.auth, "link-sandbox-00000000-0000-0000-0000-000000000000", {
      publicToken: "public-sandbox-1",
    });
    expect(made.status).toBe(404);
    await sql(
      (q2) =>
        q2`update plaid_link_tokens set expires_at = now() - interval '1 second' where customer_id = ${bare(customer.id)}`,
    );
    const expired = await callback(p.auth, lt.linkToken, { publicToken: "public-sandbox-1" });
    expect(expired.status).toBe(404);
    expect(
      (
        await call("GET", `/customers/external-accounts?customerId=${encodeURIComponent(customer.id)}`, {
          auth: p.auth,
        })
      ).body.data,
    ).toEqual([]);
  });

  it("production platforms get 503 until a Plaid client is configured", async () => {
    const p = await newPlatform();
    const { customer } = await newCustomer(p);
    const lt = await linkToken(p.auth, customer.id);
    await setPlatformEnvironment(p, "PRODUCTION");
    const link = await call("POST", "/plaid/link-tokens", { auth: p.auth, body: { customerId: customer.id } });
    expect(link.status).toBe(503);
    expect(link.body.code).toBe("SERVICE_UNAVAILABLE");
    expect(link.body.message).toContain("PLAID_CLIENT_ID");
    const cb = await callback(p.auth, lt.linkToken, { publicToken: "public-sandbox-1" });
    expect(cb.status).toBe(503);
  });

  it("production with PLAID_CLIENT_ID/PLAID_SECRET: Plaid's REST API (a loopback stand-in) issues, exchanges and reads the account", {
    timeout: 120_000,
  }, async () => {
    const seen: { path: string; body: any }[] = [];
    const plaid = http.createServer((req, res) => {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", () => {
        const body = JSON.parse(raw);
        seen.push({ path: req.url!, body });
        const send = (status: number, o: unknown) =>
          res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(o));
        if (body.client_id !== "plaid-client" || body.secret !== "plaid-secret")
          return send(400, { error_code: "INVALID_API_KEYS" });
        if (req.url === "/link/token/create")
          return send(200, {
            link_token: "link-production-5b1c",
            expiration: new Date(Date.now() + 4 * 3600_000).toISOString(),
          });
        if (req.url === "/item/public_token/exchange") {
          return body.public_token === "public-production-good"
            ? send(200, { access_token: "access-production-1", item_id: "item-1" })
            : send(400, { error_code: "INVALID_PUBLIC_TOKEN" });
        }
        if (req.url === "/auth/get") {
          return send(200, {
            accounts: [
              {
                account_id: "acc-1",
                name: "Plaid Checking",
                official_name: "Plaid Gold Standard Checking",
                subtype: "checking",
              },
            ],
            numbers: { ach: [{ account_id: "acc-1", account: "9900009606", routing: "011401533" }] },
          });
        }
        send(404, { error_code: "NOT_FOUND" });
      });
    });
    await new Promise<void>((r) => plaid.listen(0, "127.0.0.1", () => r()));
    const peer = await startPeerServer({
      PLAID_CLIENT_ID: "plaid-client",
      PLAID_SECRET: "plaid-secret",
      PLAID_BASE_URL: `http://127.0.0.1:${(plaid.address() as AddressInfo).port}`,
    });
    try {
      const p = await newPlatform();
      const { customer } = await newCustomer(p);
      await setPlatformEnvironment(p, "PRODUCTION");
      const at = (path: string, body: unknown) =>
        fetch(`${peer.url}/api/2025-10-13${path}`, {
          method: "POST",
          headers: { authorization: p.auth, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      const lt = await at("/plaid/link-tokens", { customerId: customer.id });
      expect(lt.status).toBe(200);
      const link = await lt.json();
      expect(link.linkToken).toBe("link-production-5b1c");
      expect(seen[0]).toMatchObject({
        path: "/link/token/create",
        body: { products: ["auth"], user: { client_user_id: customer.id } },
      });
      const refused = await at(`/plaid/callback/${link.linkToken}`, { publicToken: "public-production-bad" });
      expect(refused.status).toBe(400);
      expect((await refused.json()).details.errors[0].field).toBe("publicToken");
      const ok = await at(`/plaid/callback/${link.linkToken}`, {
        publicToken: "public-production-good",
        accountId: "acc-1",
      });
      expect(ok.status).toBe(202);
      expect(await ok.json()).toMatchObject({
        status: "PENDING",
        accountInfo: {
          accountType: "USD_ACCOUNT",
          accountNumber: "9900009606",
          routingNumber: "011401533",
          bankName: "Plaid Gold Standard Checking",
          bankAccountType: "CHECKING",
        },
      });
      expect(seen.at(-1)).toMatchObject({
        path: "/auth/get",
        body: { access_token: "access-production-1", options: { account_ids: ["acc-1"] } },
      });
    } finally {
      await peer.stop();
      plaid.close();
    }
  });

  it("is marked deprecated in the served OpenAPI", async () => {
    const doc = (await call("GET", "/openapi.json")).body;
    expect(doc.paths["/plaid/link-tokens"].post.deprecated).toBe(true);
    expect(doc.paths["/plaid/callback/{plaid_link_token}"].post.deprecated).toBe(true);
    expect(doc.paths["/plaid/callback/{plaid_link_token}"].post.description).toContain("2026-03-27");
  });
});
