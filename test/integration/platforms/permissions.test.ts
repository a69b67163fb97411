/**
 * API token permissions against the running server: each operation's declared permission is what the wrapper checks
 * (a GET that creates needs what a write needs), and what a token creates gets at most the token's rights.
 */
import { describe, expect, it } from "vitest";
import { api, call, newPlatform, type TestPlatform } from "../../support/api";
import { balance, fund, moneyCustomer, quoteBody, usdExternal } from "../../support/money";

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

async function token(p: TestPlatform, permissions: string[]): Promise<string> {
  const t = await call("POST", "/tokens", { auth: p.auth, body: { name: permissions.join("+"), permissions } });
  if (t.status !== 201) throw new Error(`token: ${t.status} ${JSON.stringify(t.body)}`);
  return basic(t.body.clientId, t.body.clientSecret);
}

const EVERY_RIGHT = {
  permissions: ["VIEW_TRANSACTIONS", "CREATE_TRANSFERS", "CREATE_QUOTES", "EXECUTE_QUOTES", "MANAGE_EXTERNAL_ACCOUNTS"],
  defaultExecutionMode: "AUTO",
  spendingLimits: { currency: "USD", perTransactionLimit: 1_000_000 },
};

describe("a permission per operation", () => {
  it("a VIEW token cannot create a hosted KYC link by GET /customers/kyc-link: it needs MANAGE", async () => {
    const p = await newPlatform();
    const c = await call("POST", "/customers", {
      auth: p.auth,
      body: { customerType: "INDIVIDUAL", fullName: "Kay Wye", platformCustomerId: "kyc-by-get" },
    });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const asView = await token(p, ["VIEW"]);
    expect((await call("GET", `/customers/${c.body.id}`, { auth: asView })).status).toBe(200);
    const denied = await call("GET", "/customers/kyc-link?platformCustomerId=kyc-by-get", { auth: asView });
    expect([denied.status, denied.body.code, denied.body.details]).toEqual([
      403,
      "FORBIDDEN",
      { requiredPermission: "MANAGE" },
    ]);
    const asManage = await token(p, ["MANAGE"]);
    const link = await call("GET", "/customers/kyc-link?platformCustomerId=kyc-by-get", { auth: asManage });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
  });

  it("sandbox money simulations need TRANSACT, and the served document names each operation's permission", async () => {
    const p = await newPlatform();
    const c = await moneyCustomer(p, ["USD"]);
    const asManage = await token(p, ["MANAGE"]);
    const r = await call("POST", `/sandbox/internal-accounts/${c.accounts.USD}/fund`, {
      auth: asManage,
      body: { amount: 100_000 },
    });
    expect([r.status, r.body.details]).toEqual([403, { requiredPermission: "TRANSACT" }]);
    expect(await balance(p, c.accounts.USD)).toBe(0);
    const doc = await (await fetch(`${api()}/openapi.json`)).json();
    const get = doc.paths["/customers/kyc-link"].get;
    expect(get["x-required-permission"]).toBe("MANAGE");
    expect(get.description).toContain("`MANAGE` permission");
    expect(doc.paths["/sandbox/internal-accounts/{accountId}/fund"].post["x-required-permission"]).toBe("TRANSACT");
  });
});

describe("no escalation through what a token creates", () => {
  it("a MANAGE token cannot create an agent with every right and auto-approval, so it moves no money", async () => {
    const p = await newPlatform();
    const c = await moneyCustomer(p, ["USD"]);
    await fund(p, c.accounts.USD, 100_000);
    const asManage = await token(p, ["MANAGE"]);
    const created = await call("POST", "/agents", {
      auth: asManage,
      body: { name: "Escalator", customerId: c.customer.id, policy: EVERY_RIGHT },
    });
    expect([created.status, created.body.code]).toEqual([403, "FORBIDDEN"]);
    expect(created.body.details.permissions.sort()).toEqual(["TRANSACT", "VIEW"]);
    expect((await call("GET", "/agents", { auth: p.auth })).body.data).toEqual([]);
    expect(await balance(p, c.accounts.USD)).toBe(100_000);
    // Within its own rights it may: an agent that manages external accounts and waits for approval.
    const within = await call("POST", "/agents", {
      auth: asManage,
      body: {
        name: "Bookkeeper",
        customerId: c.customer.id,
        policy: {
          ...EVERY_RIGHT,
          permissions: ["MANAGE_EXTERNAL_ACCOUNTS"],
          defaultExecutionMode: "APPROVAL_REQUIRED",
        },
      },
    });
    expect(within.status, JSON.stringify(within.body)).toBe(201);
    // Auto-execution alone needs TRANSACT.
    const auto = await call("POST", "/agents", {
      auth: asManage,
      body: { name: "Auto", customerId: c.customer.id, policy: { ...EVERY_RIGHT, permissions: [] } },
    });
    expect([auto.status, auto.body.details?.permissions]).toEqual([403, ["TRANSACT"]]);
    // A token holding every right creates it.
    const asAll = await token(p, ["VIEW", "TRANSACT", "MANAGE"]);
    const full = await call("POST", "/agents", {
      auth: asAll,
      body: { name: "Payer", customerId: c.customer.id, policy: EVERY_RIGHT },
    });
    expect(full.status, JSON.stringify(full.body)).toBe(201);
  });

  it("a MANAGE token cannot loosen, re-install or resume an agent that can move money", async () => {
    const p = await newPlatform();
    const c = await moneyCustomer(p, ["USD"]);
    const made = await call("POST", "/agents", {
      auth: p.auth,
      body: {
        name: "Careful",
        customerId: c.customer.id,
        policy: { ...EVERY_RIGHT, permissions: ["EXECUTE_QUOTES"], defaultExecutionMode: "APPROVAL_REQUIRED" },
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.agent.id;
    const asManage = await token(p, ["MANAGE"]);
    const loosen = await call("PATCH", `/agents/${id}/policy`, {
      auth: asManage,
      body: { defaultExecutionMode: "AUTO" },
    });
    expect([loosen.status, loosen.body.details?.permissions]).toEqual([403, ["TRANSACT"]]);
    const grant = await call("PATCH", `/agents/${id}/policy`, {
      auth: asManage,
      body: { permissions: ["EXECUTE_QUOTES", "CREATE_TRANSFERS"] },
    });
    expect([grant.status, grant.body.details?.permissions]).toEqual([403, ["TRANSACT"]]);
    // Taking a right away needs only MANAGE.
    expect((await call("PATCH", `/agents/${id}/policy`, { auth: asManage, body: { permissions: [] } })).status).toBe(
      200,
    );
    await call("PATCH", `/agents/${id}/policy`, { auth: p.auth, body: { permissions: ["EXECUTE_QUOTES"] } });
    const code = await call("POST", `/agents/${id}/device-codes`, { auth: asManage });
    expect([code.status, code.body.details?.permissions]).toEqual([403, ["TRANSACT"]]);
    expect((await call("PATCH", `/agents/${id}`, { auth: asManage, body: { isPaused: true } })).status).toBe(200);
    const resume = await call("PATCH", `/agents/${id}`, { auth: asManage, body: { isPaused: false } });
    expect([resume.status, resume.body.details?.permissions]).toEqual([403, ["TRANSACT"]]);
    const after = await call("GET", `/agents/${id}`, { auth: p.auth });
    expect(after.body).toMatchObject({ isPaused: true, policy: { defaultExecutionMode: "APPROVAL_REQUIRED" } });
    expect(after.body.policy.permissions).toEqual(["EXECUTE_QUOTES"]);
  });

  it("an invitation that promises an amount needs TRANSACT", async () => {
    const p = await newPlatform();
    const umaAddress = `$inviter${Date.now().toString(36)}@uma.test`;
    const c = await call("POST", "/customers", {
      auth: p.auth,
      body: { customerType: "INDIVIDUAL", fullName: "Uma User", umaAddress, currencies: ["USD"] },
    });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const asManage = await token(p, ["MANAGE"]);
    const promised = await call("POST", "/invitations", {
      auth: asManage,
      body: { inviterUma: umaAddress, amountToSend: 1250 },
    });
    expect([promised.status, promised.body.details?.permissions]).toEqual([403, ["TRANSACT"]]);
    expect((await call("POST", "/invitations", { auth: asManage, body: { inviterUma: umaAddress } })).status).toBe(201);
  });

  it("an agent cannot execute a REALTIME_FUNDING quote, which the platform path refuses too", async () => {
    const p = await newPlatform();
    const c = await moneyCustomer(p, ["USD"]);
    await fund(p, c.accounts.USD, 100_000);
    const ext = await usdExternal(p, c.customer.id);
    const made = await call("POST", "/agents", {
      auth: p.auth,
      body: { name: "Runner", customerId: c.customer.id, policy: EVERY_RIGHT },
    });
    const bearer = `Bearer ${(await call("POST", `/agents/device-codes/${made.body.deviceCode.code}/redeem`)).body.accessToken}`;
    const q = await call("POST", "/quotes", {
      auth: p.auth,
      body: {
        ...quoteBody(c.accounts.USD, ext, 5_000),
        source: { sourceType: "REALTIME_FUNDING", currency: "USD", customerId: c.customer.id },
      },
    });
    expect(q.status, JSON.stringify(q.body)).toBe(201);
    const platformDoor = await call("POST", `/quotes/${q.body.id}/execute`, { auth: p.auth });
    const agentDoor = await call("POST", `/agents/me/quotes/${q.body.id}/execute`, { auth: bearer });
    for (const r of [platformDoor, agentDoor]) {
      expect([r.status, r.body.details?.reason], JSON.stringify(r.body)).toEqual([400, "REALTIME_FUNDING_SOURCE"]);
    }
    expect(await balance(p, c.accounts.USD)).toBe(100_000);
    expect((await call("GET", `/quotes/${q.body.id}`, { auth: p.auth })).body.status).toBe("PENDING");
  });
});
