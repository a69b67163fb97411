/**
 * Grid's cancelTransaction and confirmReceiptDelivery: POST /transactions/{id}/cancel cancels a bank
 * transfer that has not settled (one winner among concurrent decisions, the FAILED event in the same database
 * transaction, nothing moved on the ledger), and POST /transactions/{id}/confirm stores receiptDeliveryConfirmedAt.
 */
import { afterAll, describe, expect, inject, it } from "vitest";
import { sql } from "drizzle-orm";
import { closeDb, execRows, getDb } from "@/db/client";
import { checkLedger } from "@/lib/server/ledger/ledger-check";
import { internalLedgerAccount, postLedger, systemLedgerAccount } from "@/lib/server/ledger/post-ledger";
import { parseId } from "@/lib/shared/ids";
import { call, newPlatform, type TestPlatform } from "../../support/api";
import { approvalAgent, balance, fund, moneyCustomer, quoteBody, usdExternal } from "../../support/money";
import { expectGridShape } from "../../support/grid-shapes/check";
import { gridTransaction } from "../../support/grid-shapes/transactions";
import { receiverPool, waitFor } from "../../support/webhook-receiver";

const receivers = receiverPool();
afterAll(async () => {
  await receivers.closeAll();
  await closeDb();
});

/** A customer with 50 000 USD cents, a USD bank payee, and an agent whose quotes wait for the platform's approval. */
async function setup(p: TestPlatform) {
  const a = await moneyCustomer(p, ["USD", "EUR"]);
  const b = await moneyCustomer(p, ["USD", "EUR"]);
  await fund(p, a.accounts.USD, 50_000);
  const payee = await usdExternal(p, a.customer.id);
  const token = await approvalAgent(p, a.customer.id);
  const pending = async (destination = payee) => {
    const q = await call("POST", "/agents/me/quotes", {
      auth: `Bearer ${token}`,
      body: quoteBody(a.accounts.USD, destination, 1_000),
    });
    const ex = await call("POST", `/agents/me/quotes/${q.body.id}/execute`, { auth: `Bearer ${token}` });
    expect(ex.body).toMatchObject({ status: "PENDING_APPROVAL", type: "EXECUTE_QUOTE" });
    return q.body.transactionId as string;
  };
  return { a, b, payee, pending };
}

describe("POST /transactions/{id}/cancel", () => {
  it("cancels a pending bank transfer: FAILED with rejectionReason (Grid has no cancelled status), its FAILED event, no money moved; then 409", async () => {
    const p = await newPlatform();
    const rec = await receivers.start();
    expect((await call("PATCH", "/config", { auth: p.auth, body: { webhookEndpoint: rec.url } })).status).toBe(200);
    const { a, pending } = await setup(p);
    const id = await pending();
    const r = await call("POST", `/transactions/${id}/cancel`, {
      auth: p.auth,
      body: { reason: "REQUESTED_AFTER_HOURS" },
    });
    expect(r.status).toBe(200);
    expectGridShape(gridTransaction, r.body);
    expect(r.body).toMatchObject({
      id,
      status: "FAILED",
      rejectionReason: "REQUESTED_AFTER_HOURS",
      type: "OUTGOING",
    });
    expect(r.body.pendingReason).toBeUndefined();
    expect(r.body.pendingAgentActionId).toBeUndefined();
    expect((await call("GET", `/transactions/${id}`, { auth: p.auth })).body).toMatchObject({ status: "FAILED" });
    // The agent's action it cancelled no longer waits for the platform.
    expect((await call("GET", "/agents/approvals", { auth: p.auth })).body.data).toEqual([]);
    expect(await balance(p, a.accounts.USD)).toBe(50_000);
    const event = await waitFor("the cancel's event", () =>
      rec.received
        .map((x) => JSON.parse(x.rawBody))
        .find((e) => e.type === "OUTGOING_PAYMENT.FAILED" && e.data?.id === id),
    );
    expect(event.data).toMatchObject({ status: "FAILED", rejectionReason: "REQUESTED_AFTER_HOURS" });
    expectGridShape(gridTransaction, event.data);

    const again = await call("POST", `/transactions/${id}/cancel`, { auth: p.auth });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      status: 409,
      code: "TRANSACTION_NOT_CANCELLABLE",
      details: { status: "FAILED" },
    });
    expect((await call("POST", `/transactions/${id}/approve`, { auth: p.auth })).status).toBe(409);
  });

  it("a cancel gives back, through the ledger, whatever the transaction holds (a hold posted while it was pending)", async () => {
    const p = await newPlatform();
    const { a, pending } = await setup(p);
    const id = await pending();
    // What a bank partner's reservation would be: 1 000 USD cents moved from the customer's account to the platform's
    // PAYOUTS account under this transaction, while it is still PENDING (set up directly: no flow of ours reserves yet).
    process.env.DATABASE_URL = inject("databaseUrl");
    const db = await getDb();
    const platformId = parseId("Platform", p.id)!;
    const txId = parseId("Transaction", id)!;
    await db.transaction((tx) =>
      postLedger(tx, {
        platformId,
        transactionId: txId,
        postings: [
          {
            account: internalLedgerAccount(parseId("InternalAccount", a.accounts.USD)!),
            currency: "USD",
            amount: -1_000n,
            memo: "hold",
          },
          { account: systemLedgerAccount(platformId, "PAYOUTS", "USD"), currency: "USD", amount: 1_000n, memo: "hold" },
        ],
      }),
    );
    expect(await balance(p, a.accounts.USD)).toBe(49_000);
    const r = await call("POST", `/transactions/${id}/cancel`, { auth: p.auth });
    expect(r.status).toBe(200);
    expect(await balance(p, a.accounts.USD)).toBe(50_000);
    const held = await execRows<{ account: string; net: string }>(
      db,
      sql`select account, sum(amount)::text as net from ledger_entries where transaction_id = ${txId} group by account`,
    );
    expect(held.map((h) => h.net)).toEqual(["0", "0"]);
    expect(await checkLedger(db, platformId)).toEqual({ unbalanced: [], mismatched: [] });
  });

  it("without a body the reason is CANCELLED; of concurrent cancels and approvals exactly one wins", async () => {
    const p = await newPlatform();
    const { a, pending } = await setup(p);
    const id = await pending();
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => call("POST", `/transactions/${id}/cancel`, { auth: p.auth })),
      ...Array.from({ length: 4 }, () => call("POST", `/transactions/${id}/approve`, { auth: p.auth })),
    ]);
    const won = answers.filter((x) => x.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((x) => x.status === 409)).toHaveLength(7);
    const after = (await call("GET", `/transactions/${id}`, { auth: p.auth })).body;
    expect(after.status).toBe(won[0].body.status);
    // Cancelled: nothing left the account; approved: the 1 000 went out once.
    expect(await balance(p, a.accounts.USD)).toBe(after.status === "FAILED" ? 50_000 : 49_000);
    if (after.status === "FAILED") expect(after.rejectionReason).toBe("CANCELLED");
  });

  it("only bank transfers can be cancelled (400), settled ones are past it (409), unknown ids 404, unknown fields 400", async () => {
    const p = await newPlatform();
    const { a, payee, pending } = await setup(p);
    const internal = await pending(a.accounts.EUR);
    const notBank = await call("POST", `/transactions/${internal}/cancel`, { auth: p.auth });
    expect(notBank.status).toBe(400);
    expect(notBank.body).toMatchObject({ code: "INVALID_INPUT", details: { reason: "NOT_A_BANK_TRANSFER" } });
    const out = await call("POST", "/transfer-out", {
      auth: p.auth,
      body: { source: { accountId: a.accounts.USD }, destination: { accountId: payee }, amount: 500 },
    });
    expect(out.status).toBe(201);
    expect(out.body.status).toBe("COMPLETED");
    const settled = await call("POST", `/transactions/${out.body.id}/cancel`, { auth: p.auth, body: {} });
    expect(settled.status).toBe(409);
    expect(settled.body).toMatchObject({ code: "TRANSACTION_NOT_CANCELLABLE", details: { status: "COMPLETED" } });
    expect(
      (await call("POST", "/transactions/Transaction:00000000-0000-4000-8000-000000000000/cancel", { auth: p.auth }))
        .body,
    ).toMatchObject({ status: 404, code: "TRANSACTION_NOT_FOUND" });
    const other = await newPlatform();
    expect((await call("POST", `/transactions/${internal}/cancel`, { auth: other.auth })).status).toBe(404);
    const bad = await call("POST", `/transactions/${internal}/cancel`, { auth: p.auth, body: { reason: 7, why: "x" } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: any) => e.field).sort()).toEqual(["reason", "why"]);
  });
});

describe("POST /transactions/{id}/confirm", () => {
  it("stores receiptDeliveryConfirmedAt (now when omitted), replaces it on a second call, GET shows it", async () => {
    const p = await newPlatform();
    const { a, b } = await setup(p);
    const q = await call("POST", "/quotes", {
      auth: p.auth,
      body: quoteBody(a.accounts.USD, b.accounts.EUR, 2_000, { immediatelyExecute: true }),
    });
    const id = q.body.transactionId as string;
    const before = Date.now();
    const first = await call("POST", `/transactions/${id}/confirm`, { auth: p.auth });
    expect(first.status).toBe(200);
    expectGridShape(gridTransaction, first.body);
    expect(Date.parse(first.body.receiptDeliveryConfirmedAt)).toBeGreaterThanOrEqual(before - 1000);
    const second = await call("POST", `/transactions/${id}/confirm`, {
      auth: p.auth,
      body: { receiptDeliveryConfirmedAt: "2025-08-15T14:31:00Z" },
    });
    expect(second.status).toBe(200);
    expect(second.body.receiptDeliveryConfirmedAt).toBe("2025-08-15T14:31:00.000Z");
    expect(second.body.status).toBe("COMPLETED");
    expect((await call("GET", `/transactions/${id}`, { auth: p.auth })).body.receiptDeliveryConfirmedAt).toBe(
      "2025-08-15T14:31:00.000Z",
    );
    const bad = await call("POST", `/transactions/${id}/confirm`, {
      auth: p.auth,
      body: { receiptDeliveryConfirmedAt: "yesterday" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0].field).toBe("receiptDeliveryConfirmedAt");
    expect(
      (await call("POST", "/transactions/Transaction:00000000-0000-4000-8000-000000000000/confirm", { auth: p.auth }))
        .body,
    ).toMatchObject({ status: 404, code: "TRANSACTION_NOT_FOUND" });
    expect((await call("POST", `/transactions/${id}/confirm`, { auth: (await newPlatform()).auth })).status).toBe(404);
  });
});
