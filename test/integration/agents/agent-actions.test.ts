import { describe, expect, it } from "vitest";
import { call, newPlatform, type TestPlatform } from "../../support/api";
import { balance, fund, moneyCustomer, quoteBody, usdExternal } from "../../support/money";

const ALL = ["VIEW_TRANSACTIONS", "CREATE_QUOTES", "EXECUTE_QUOTES", "CREATE_TRANSFERS"];

async function setup(mode: "AUTO" | "APPROVAL_REQUIRED") {
  const p = await newPlatform();
  const a = await moneyCustomer(p, ["USD"]);
  await fund(p, a.accounts.USD, 100_000);
  const payee = await usdExternal(p, a.customer.id);
  const r = await call("POST", "/agents", {
    auth: p.auth,
    body: {
      name: "Payer",
      customerId: a.customer.id,
      policy: {
        permissions: ALL,
        defaultExecutionMode: mode,
        spendingLimits: { currency: "USD", perTransactionLimit: 50_000 },
      },
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const red = await call("POST", `/agents/device-codes/${r.body.deviceCode.code}/redeem`);
  return { p, a, payee, agent: r.body.agent, bearer: `Bearer ${red.body.accessToken}` };
}

async function pendingQuoteAction(bearer: string, src: string, dst: string, amount: number) {
  const q = await call("POST", "/agents/me/quotes", { auth: bearer, body: quoteBody(src, dst, amount) });
  expect(q.status, JSON.stringify(q.body)).toBe(201);
  const ex = await call("POST", `/agents/me/quotes/${q.body.id}/execute`, { auth: bearer });
  // Grid's agentExecuteQuote: the AgentAction, PENDING_APPROVAL; the action and its transaction share one uuid.
  expect(ex.body).toMatchObject({ status: "PENDING_APPROVAL", type: "EXECUTE_QUOTE", quote: { id: q.body.id } });
  expect(ex.body.id).toBe((q.body.transactionId as string).replace("Transaction:", "AgentAction:"));
  return { quote: q.body, transactionId: q.body.transactionId as string, actionId: ex.body.id as string };
}

describe("agent actions (Grid's doors onto the one approval engine)", () => {
  it("an agent's pending quote execution is an action: listed in /agents/approvals and /agents/me/actions, approved through the action door", async () => {
    const { p, a, payee, agent, bearer } = await setup("APPROVAL_REQUIRED");
    const { quote, actionId, transactionId } = await pendingQuoteAction(bearer, a.accounts.USD, payee, 1_000);

    const approvals = await call("GET", `/agents/approvals?agentId=${agent.id}`, { auth: p.auth });
    expect(approvals.status).toBe(200);
    expect(approvals.body).toMatchObject({ hasMore: false, totalCount: 1 });
    expect(approvals.body.data[0]).toMatchObject({
      id: actionId,
      agentId: agent.id,
      customerId: a.customer.id,
      platformCustomerId: expect.any(String),
      status: "PENDING_APPROVAL",
      type: "EXECUTE_QUOTE",
      quote: { id: quote.id },
    });
    expect(approvals.body.data[0].transaction).toBeUndefined();
    expect(
      (
        await call("GET", `/agents/approvals?customerId=Customer:00000000-0000-7000-8000-000000000000`, {
          auth: p.auth,
        })
      ).body.data,
    ).toEqual([]);

    const ok = await call("POST", `/agents/${agent.id}/actions/${actionId}/approve`, { auth: p.auth });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ status: "APPROVED", transaction: { id: transactionId, status: "COMPLETED" } });
    expect(await balance(p, a.accounts.USD)).toBe(99_000);
    // The other door sees the same decision.
    const again = await call("POST", `/transactions/${transactionId}/approve`, { auth: p.auth });
    expect(again.body.code).toBe("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL");
    expect((await call("GET", "/agents/approvals", { auth: p.auth })).body.data).toEqual([]);

    const mine = await call("GET", "/agents/me/actions", { auth: bearer });
    expect(mine.body.data.map((x: any) => [x.id, x.status])).toEqual([[actionId, "APPROVED"]]);
    expect((await call("GET", `/agents/me/actions/${actionId}`, { auth: bearer })).body.status).toBe("APPROVED");
    expect((await call("GET", "/agents/me/actions?status=PENDING_APPROVAL", { auth: bearer })).body.data).toEqual([]);
  });

  it("approvals and rejections through both doors at once: exactly one wins, and the ledger moves once", async () => {
    const { p, a, payee, agent, bearer } = await setup("APPROVAL_REQUIRED");
    for (let i = 0; i < 4; i++) {
      const { actionId, transactionId } = await pendingQuoteAction(bearer, a.accounts.USD, payee, 100);
      const before = await balance(p, a.accounts.USD);
      const results = await Promise.all([
        call("POST", `/agents/${agent.id}/actions/${actionId}/approve`, { auth: p.auth }),
        call("POST", `/transactions/${transactionId}/approve`, { auth: p.auth }),
        call("POST", `/agents/${agent.id}/actions/${actionId}/reject`, { auth: p.auth, body: { reason: "no" } }),
        call("POST", `/transactions/${transactionId}/reject`, { auth: p.auth }),
        call("POST", `/agents/${agent.id}/actions/${actionId}/approve`, { auth: p.auth }),
      ]);
      const statuses = results.map((r) => r.status);
      expect(
        statuses.filter((s) => s === 200),
        JSON.stringify(statuses),
      ).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(4);
      const winner = results.findIndex((r) => r.status === 200);
      const approved = winner === 0 || winner === 1 || winner === 4;
      const final = await call("GET", `/agents/me/actions/${actionId}`, { auth: bearer });
      expect(final.body.status).toBe(approved ? "APPROVED" : "REJECTED");
      expect(await balance(p, a.accounts.USD)).toBe(approved ? before - 100 : before);
    }
  });

  it("reject through the action door records the reason; the transaction is FAILED with rejectionReason; a second decision is 409", async () => {
    const { p, a, payee, agent, bearer } = await setup("APPROVAL_REQUIRED");
    const { actionId, transactionId } = await pendingQuoteAction(bearer, a.accounts.USD, payee, 500);
    const rj = await call("POST", `/agents/${agent.id}/actions/${actionId}/reject`, {
      auth: p.auth,
      body: { reason: "over budget" },
    });
    expect(rj.body).toMatchObject({ status: "REJECTED", rejectionReason: "over budget" });
    expect((await call("GET", `/transactions/${transactionId}`, { auth: p.auth })).body).toMatchObject({
      status: "FAILED",
      rejectionReason: "over budget",
    });
    const rejected = await call("GET", `/agents/me/actions?status=REJECTED`, { auth: bearer });
    expect(rejected.body.data.map((x: { id: string }) => x.id)).toEqual([actionId]);
    expect((await call("GET", `/agents/me/actions?status=FAILED`, { auth: bearer })).body.data).toEqual([]);
    expect((await call("POST", `/agents/${agent.id}/actions/${actionId}/reject`, { auth: p.auth })).status).toBe(409);
  });

  it("transfer-out and transfer-in by the agent: AUTO executes at once, APPROVAL_REQUIRED waits; only its customer's accounts", async () => {
    const auto = await setup("AUTO");
    const out = await call("POST", "/agents/me/transfer-out", {
      auth: auto.bearer,
      body: { source: { accountId: auto.a.accounts.USD }, destination: { accountId: auto.payee }, amount: 2_500 },
    });
    expect(out.status, JSON.stringify(out.body)).toBe(201);
    expect(out.body).toMatchObject({
      type: "TRANSFER_OUT",
      status: "APPROVED",
      transferDetails: {
        amount: 2_500,
        currency: "USD",
        sourceAccountId: auto.a.accounts.USD,
        destinationAccountId: auto.payee,
      },
      transaction: { status: "COMPLETED" },
    });
    expect(await balance(auto.p, auto.a.accounts.USD)).toBe(97_500);
    const inn = await call("POST", "/agents/me/transfer-in", {
      auth: auto.bearer,
      body: { source: { accountId: auto.payee }, destination: { accountId: auto.a.accounts.USD }, amount: 1_000 },
    });
    expect(inn.status, JSON.stringify(inn.body)).toBe(201);
    expect(inn.body).toMatchObject({ type: "TRANSFER_IN", status: "APPROVED" });

    const gated = await setup("APPROVAL_REQUIRED");
    const w = await call("POST", "/agents/me/transfer-in", {
      auth: gated.bearer,
      headers: { "Idempotency-Key": "k1" },
      body: { source: { accountId: gated.payee }, destination: { accountId: gated.a.accounts.USD }, amount: 700 },
    });
    expect(w.body).toMatchObject({ type: "TRANSFER_IN", status: "PENDING_APPROVAL" });
    const replay = await call("POST", "/agents/me/transfer-in", {
      auth: gated.bearer,
      headers: { "Idempotency-Key": "k1" },
      body: { source: { accountId: gated.payee }, destination: { accountId: gated.a.accounts.USD }, amount: 700 },
    });
    expect(replay.body.id).toBe(w.body.id);
    expect(await balance(gated.p, gated.a.accounts.USD)).toBe(100_000);
    const ok = await call("POST", `/agents/${gated.agent.id}/actions/${w.body.id}/approve`, { auth: gated.p.auth });
    expect(ok.body.status, JSON.stringify(ok.body)).toBe("APPROVED");

    // Another customer's account answers 404, as a missing one.
    const other = await moneyCustomer(gated.p, ["USD"]);
    const foreign = await call("POST", "/agents/me/transfer-out", {
      auth: gated.bearer,
      body: { source: { accountId: other.accounts.USD }, destination: { accountId: gated.payee }, amount: 1 },
    });
    expect(foreign.status).toBe(404);
    // The agent's internal accounts: its customer's only, filterable by currency.
    const accts = await call("GET", "/agents/me/internal-accounts?currency=USD", { auth: gated.bearer });
    expect(accts.body.data.map((x: any) => x.id)).toEqual([gated.a.accounts.USD]);
    expect((await call("GET", "/agents/me/internal-accounts?currency=EUR", { auth: gated.bearer })).body.data).toEqual(
      [],
    );
  });

  it("without CREATE_TRANSFERS the agent gets 403; platform B gets 404 for A's actions and lists none", async () => {
    const { p, a, payee, agent, bearer } = await setup("APPROVAL_REQUIRED");
    const { actionId } = await pendingQuoteAction(bearer, a.accounts.USD, payee, 100);
    const b: TestPlatform = await newPlatform();
    const r = await call("POST", `/agents/${agent.id}/actions/${actionId}/approve`, { auth: b.auth });
    expect(r).toMatchObject({ status: 404, body: { code: "AGENT_ACTION_NOT_FOUND" } });
    expect((await call("GET", "/agents/approvals", { auth: b.auth })).body.data).toEqual([]);
    // The right action under the wrong agent id is not found either.
    expect(
      (
        await call("POST", `/agents/Agent:00000000-0000-7000-8000-000000000000/actions/${actionId}/approve`, {
          auth: p.auth,
        })
      ).status,
    ).toBe(404);
    await call("PATCH", `/agents/${agent.id}/policy`, { auth: p.auth, body: { permissions: ["VIEW_TRANSACTIONS"] } });
    const denied = await call("POST", "/agents/me/transfer-out", {
      auth: bearer,
      body: { source: { accountId: a.accounts.USD }, destination: { accountId: payee }, amount: 1 },
    });
    expect(denied).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
    expect((await call("GET", `/agents/me/actions/${actionId}`, { auth: bearer })).status).toBe(200);
    expect(
      (await call("GET", `/agents/me/actions/AgentAction:00000000-0000-7000-8000-000000000000`, { auth: bearer })).body
        .code,
    ).toBe("AGENT_ACTION_NOT_FOUND");
  });
});
