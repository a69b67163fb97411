import { describe, expect, it } from "vitest";
import { call, newPlatform, startPeerServer, type TestPlatform } from "../../support/api";
import { sql } from "../../support/credentials";
import { gridMismatches } from "../../support/grid-shapes/check";
import { gridAgentAction } from "../../support/grid-shapes/agents";
import { gridTransaction } from "../../support/grid-shapes/transactions";
import { balance, fund, moneyCustomer, quoteBody, usdExternal } from "../../support/money";

/** The agent action of a transaction: the same uuid (docs/protocol.md "Agent actions"). */
const actionId = (transactionId: string) => transactionId.replace("Transaction:", "AgentAction:");

const ALL = ["VIEW_TRANSACTIONS", "CREATE_QUOTES", "EXECUTE_QUOTES"];

async function agentFor(p: TestPlatform, customerId: string, policy: Record<string, unknown>) {
  const r = await call("POST", "/agents", { auth: p.auth, body: { name: "Payer", customerId, policy } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const red = await call("POST", `/agents/device-codes/${r.body.deviceCode.code}/redeem`);
  expect(red.status).toBe(200);
  return { agent: r.body.agent, bearer: `Bearer ${red.body.accessToken}` };
}

async function setup(policy: Record<string, unknown>) {
  const p = await newPlatform();
  const a = await moneyCustomer(p, ["USD"]);
  const b = await moneyCustomer(p, ["USD"]);
  await fund(p, a.accounts.USD, 100_000);
  // The agent acts for customer a only: it pays to a's own external account.
  const payee = await usdExternal(p, a.customer.id);
  const { agent, bearer } = await agentFor(p, a.customer.id, {
    permissions: ALL,
    defaultExecutionMode: "APPROVAL_REQUIRED",
    spendingLimits: { currency: "USD", perTransactionLimit: 5_000, dailyLimit: 8_000 },
    ...policy,
  });
  return { p, a, b, payee, agent, bearer };
}

async function agentQuote(bearer: string, src: string, dst: string, amount: number) {
  const q = await call("POST", "/agents/me/quotes", { auth: bearer, body: quoteBody(src, dst, amount) });
  expect(q.status, JSON.stringify(q.body)).toBe(201);
  return q.body;
}

describe("agent-initiated money movement", () => {
  it("APPROVAL_REQUIRED: Grid's AgentAction (PENDING_APPROVAL, EXECUTE_QUOTE, the quote) and its webhook; the transaction stays pending until the platform approves; approving twice is 409", async () => {
    const { p, a, payee, agent, bearer } = await setup({});
    const q = await agentQuote(bearer, a.accounts.USD, payee, 1_000);
    const ex = await call("POST", `/agents/me/quotes/${q.id}/execute`, { auth: bearer });
    expect(ex.status).toBe(200);
    // Grid's agentExecuteQuote answers an AgentAction: no transaction while it waits for the platform.
    expect(ex.body).toMatchObject({
      id: actionId(q.transactionId),
      status: "PENDING_APPROVAL",
      type: "EXECUTE_QUOTE",
      agentId: agent.id,
      customerId: a.customer.id,
      quote: { id: q.id, status: "PROCESSING" },
    });
    expect(ex.body.transaction).toBeUndefined();
    expect(gridMismatches(gridAgentAction, ex.body)).toEqual([]);
    // The transaction is PENDING with Grid's fields only; the action it waits on is a field of our own.
    const pending = await call("GET", `/transactions/${q.transactionId}`, { auth: p.auth });
    expect(pending.body).toMatchObject({ status: "PENDING", pendingAgentActionId: actionId(q.transactionId) });
    expect(pending.body.pendingReason).toBeUndefined();
    expect(gridMismatches(gridTransaction, pending.body)).toEqual([]);
    expect(await balance(p, a.accounts.USD)).toBe(100_000);
    await expect
      .poll(
        async () =>
          (await call("GET", "/webhooks/deliveries?eventType=AGENT_ACTION.PENDING_APPROVAL", { auth: p.auth })).body
            .data.length,
      )
      .toBe(1);
    // Grid's AgentActionWebhook: the full action is the event's data.
    const [event] = await sql(
      (s) =>
        s`select data from outbox_events where type = 'AGENT_ACTION.PENDING_APPROVAL' and data->>'id' = ${ex.body.id}`,
    );
    expect(event.data).toEqual(ex.body);
    const ok = await call("POST", `/transactions/${q.transactionId}/approve`, { auth: p.auth });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe("COMPLETED");
    expect(await balance(p, a.accounts.USD)).toBe(99_000);
    const again = await call("POST", `/transactions/${q.transactionId}/approve`, { auth: p.auth });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL");
    // The agent sees its customer's transaction.
    const mine = await call("GET", `/agents/me/transactions/${q.transactionId}`, { auth: bearer });
    expect(mine.body.status).toBe("COMPLETED");
    // Another platform cannot approve it: 404 as for a missing one.
    const other = await newPlatform();
    expect((await call("POST", `/transactions/${q.transactionId}/approve`, { auth: other.auth })).status).toBe(404);
  });

  it("approve and reject at once: exactly one wins", async () => {
    const { p, a, payee, bearer } = await setup({ spendingLimits: { currency: "USD", perTransactionLimit: 5_000 } });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const q = await agentQuote(bearer, a.accounts.USD, payee, 100);
      await call("POST", `/agents/me/quotes/${q.id}/execute`, { auth: bearer });
      ids.push(q.transactionId);
    }
    for (const id of ids) {
      const [ap, rj, ap2] = await Promise.all([
        call("POST", `/transactions/${id}/approve`, { auth: p.auth }),
        call("POST", `/transactions/${id}/reject`, { auth: p.auth, body: { reason: "not today" } }),
        call("POST", `/transactions/${id}/approve`, { auth: p.auth }),
      ]);
      const statuses = [ap.status, rj.status, ap2.status];
      expect(statuses.filter((s) => s === 200).length, JSON.stringify(statuses)).toBe(1);
      expect(statuses.filter((s) => s === 409).length).toBe(2);
      const final = await call("GET", `/transactions/${id}`, { auth: p.auth });
      // Grid has no rejected status for an outgoing transaction: FAILED with rejectionReason.
      expect(rj.status === 200 ? "FAILED" : "COMPLETED").toBe(final.body.status);
      if (rj.status === 200) expect(final.body.rejectionReason).toBe("not today");
    }
    // The ledger moved only for the approved ones.
    const completed = (
      await call("GET", `/transactions?status=COMPLETED&customerId=${a.customer.id}`, { auth: p.auth })
    ).body.data.filter((t: any) => t.type === "OUTGOING").length;
    expect(await balance(p, a.accounts.USD)).toBe(100_000 - 100 * completed);
  });

  it("AUTO executes at once; spending limits are counted in the database; permissions and pause answer 403", async () => {
    const { p, a, b, payee, agent, bearer } = await setup({ defaultExecutionMode: "AUTO" });
    const q1 = await agentQuote(bearer, a.accounts.USD, payee, 5_000);
    const e1 = await call("POST", `/agents/me/quotes/${q1.id}/execute`, { auth: bearer });
    expect(e1.body).toMatchObject({ status: "APPROVED", transaction: { id: q1.transactionId, status: "COMPLETED" } });
    const big = await agentQuote(bearer, a.accounts.USD, payee, 5_001);
    const e2 = await call("POST", `/agents/me/quotes/${big.id}/execute`, { auth: bearer });
    expect(e2.status).toBe(403);
    expect(e2.body.details.reason).toBe("PER_TRANSACTION_LIMIT");
    // usage is counted from the agent's transactions.
    const me = await call("GET", "/agents/me", { auth: bearer });
    expect(me.body.usage).toMatchObject({ dailyTransactionCount: 1, dailySpend: 5_000, monthlySpend: 5_000 });
    expect((await call("GET", `/agents/${agent.id}`, { auth: p.auth })).body.usage.dailySpend).toBe(5_000);
    const q3 = await agentQuote(bearer, a.accounts.USD, payee, 3_001);
    const e3 = await call("POST", `/agents/me/quotes/${q3.id}/execute`, { auth: bearer });
    expect(e3.status).toBe(403);
    expect(e3.body.details.reason).toBe("DAILY_LIMIT");
    // Another customer's account is not the agent's: 404.
    const foreign = await call("POST", "/agents/me/quotes", {
      auth: bearer,
      body: quoteBody(b.accounts.USD, a.accounts.USD, 10),
    });
    expect(foreign.status).toBe(404);
    // Pause → 403; missing permission → 403.
    await call("PATCH", `/agents/${agent.id}`, { auth: p.auth, body: { isPaused: true } });
    expect(
      (await call("POST", "/agents/me/quotes", { auth: bearer, body: quoteBody(a.accounts.USD, payee, 10) })).status,
    ).toBe(403);
    await call("PATCH", `/agents/${agent.id}`, { auth: p.auth, body: { isPaused: false } });
    await call("PATCH", `/agents/${agent.id}/policy`, { auth: p.auth, body: { permissions: ["CREATE_QUOTES"] } });
    const q4 = await agentQuote(bearer, a.accounts.USD, payee, 10);
    const e4 = await call("POST", `/agents/me/quotes/${q4.id}/execute`, { auth: bearer });
    expect(e4.status).toBe(403);
    expect(e4.body.code).toBe("FORBIDDEN");
  });

  it("an approval threshold sends large amounts to the platform; a rejected one moves nothing", async () => {
    const { p, a, payee, bearer } = await setup({
      defaultExecutionMode: "AUTO",
      approvalThresholds: { currency: "USD", amount: 2_000 },
    });
    const small = await agentQuote(bearer, a.accounts.USD, payee, 1_999);
    expect((await call("POST", `/agents/me/quotes/${small.id}/execute`, { auth: bearer })).body.status).toBe(
      "APPROVED",
    );
    const large = await agentQuote(bearer, a.accounts.USD, payee, 2_000);
    const held = await call("POST", `/agents/me/quotes/${large.id}/execute`, { auth: bearer });
    expect(held.body.status).toBe("PENDING_APPROVAL");
    const rj = await call("POST", `/transactions/${large.transactionId}/reject`, {
      auth: p.auth,
      body: { reason: "too much" },
    });
    expect(rj.body).toMatchObject({ status: "FAILED", rejectionReason: "too much" });
    expect(rj.body.failureReason).toBeUndefined();
    expect(gridMismatches(gridTransaction, rj.body)).toEqual([]);
    expect(await balance(p, a.accounts.USD)).toBe(100_000 - 1_999);
    expect((await call("GET", `/quotes/${large.id}`, { auth: p.auth })).body.status).toBe("FAILED");
  });
  it("limits in another currency are converted inside the execution transaction: it works with a pool of one connection", async () => {
    // The policy check converts EUR limits to USD while it holds the execution transaction. Reading the rate
    // through a second pool connection would wait forever for a connection that the transaction holds.
    const { a, payee, bearer } = await setup({
      defaultExecutionMode: "AUTO",
      spendingLimits: { currency: "EUR", perTransactionLimit: 9_000, dailyLimit: 20_000 },
      approvalThresholds: { currency: "EUR", amount: 50_000 },
    });
    const peer = await startPeerServer({ DATABASE_POOL_SIZE: "1" });
    try {
      const execute = async (quoteId: string) => {
        const res = await fetch(`${peer.url}/api/2025-10-13/agents/me/quotes/${quoteId}/execute`, {
          method: "POST",
          headers: { authorization: bearer },
          signal: AbortSignal.timeout(20_000),
        });
        return { status: res.status, body: await res.json() };
      };
      // 9,000 EUR cents ≈ 9,782 USD cents at the sandbox rate (0.92 EUR per USD).
      const ok = await execute((await agentQuote(bearer, a.accounts.USD, payee, 9_500)).id);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body).toMatchObject({ status: "APPROVED", transaction: { status: "COMPLETED" } });
      const over = await execute((await agentQuote(bearer, a.accounts.USD, payee, 9_900)).id);
      expect(over.status).toBe(403);
      expect(over.body.details.reason).toBe("PER_TRANSACTION_LIMIT");
    } finally {
      await peer.stop();
    }
  });
});
