/**
 * The state machine of money statuses (lib/server/transactions/transitions.ts), as a property over random sequences
 * of the operations that move it, sent at random to two server instances on one database:
 *
 * - execute: the platform's immediate quote execution (settles, or fails at the payee: sandbox suffix 003 before the
 *   debit, 005 after it, refunded), the agent's quote execution and the agent's transfer-in (both wait for the
 *   platform's approval);
 * - approve (settle or fail: the payee, or funds spent meanwhile), reject and cancel, each through either door (the
 *   transaction's or the agent action's), and a race of approve, reject and cancel on both instances at once.
 *
 * After every sequence: every transaction parses with Grid's transaction schema and rests in one of Grid's statuses
 * (never PROCESSING); each change a client could observe wrote exactly one transaction event, whose data is the
 * transaction in its new status (parsing with Grid's schema too); each agent transaction wrote exactly one
 * AGENT_ACTION.PENDING_APPROVAL with Grid's AgentAction; of every race exactly one decision won while it was pending
 * and none after; the ledger balances and the customer's balance is what its settled transactions say.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { checkLedger } from "@/lib/server/ledger/ledger-check";
import { call, newPlatform, startPeerServer, type Res } from "../../support/api";
import { bare, sql } from "../../support/credentials";
import { gridAgentAction } from "../../support/grid-shapes/agents";
import { gridMismatches } from "../../support/grid-shapes/check";
import { gridTransaction } from "../../support/grid-shapes/transactions";
import { balance, fund, moneyCustomer, quoteBody, usdExternal } from "../../support/money";

const FUNDED = 12_000;
const RESTING = new Set(["PENDING", "PENDING_AUTHORIZATION", "EXPIRED", "COMPLETED", "FAILED"]);

type Door = "TRANSACTION" | "ACTION";
type Op =
  | { kind: "platformExecute"; on: 0 | 1; amount: number; payee: 0 | 1 | 2 }
  | { kind: "agentExecute"; on: 0 | 1; amount: number; payee: 0 | 1 | 2 }
  | { kind: "agentTransferIn"; on: 0 | 1; amount: number }
  | { kind: "approve" | "reject"; on: 0 | 1; pick: number; door: Door }
  | { kind: "cancel"; on: 0 | 1; pick: number }
  | { kind: "race"; pick: number };

const on = fc.constantFrom<0 | 1>(0, 1);
const payee = fc.constantFrom<0 | 1 | 2>(0, 0, 1, 2);
const amount = fc.integer({ min: 100, max: 5_000 });
const pick = fc.nat({ max: 50 });
const door = fc.constantFrom<Door>("TRANSACTION", "ACTION");
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("platformExecute" as const), on, amount, payee }),
  fc.record({ kind: fc.constant("agentExecute" as const), on, amount, payee }),
  fc.record({ kind: fc.constant("agentTransferIn" as const), on, amount }),
  fc.record({ kind: fc.constant("approve" as const), on, pick, door }),
  fc.record({ kind: fc.constant("reject" as const), on, pick, door }),
  fc.record({ kind: fc.constant("cancel" as const), on, pick }),
  fc.record({ kind: fc.constant("race" as const), pick }),
);

interface Known {
  id: string;
  agent: boolean;
  /** The statuses a client saw, one after each operation that touched it (repeats removed). */
  seen: string[];
}

describe("money statuses: one state machine, two instances (fast-check)", () => {
  let peer: Awaited<ReturnType<typeof startPeerServer>>;
  beforeAll(async () => {
    peer = await startPeerServer();
  }, 120_000);
  afterAll(async () => {
    await peer?.stop();
    await closeDb();
  });

  it("every final state is Grid's, every change writes exactly one event, one decision wins, the ledger balances", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 12 }), async (ops) => {
        await runSequence(ops, [undefined, peer.url]);
      }),
      { numRuns: 8, endOnFailure: true },
    );
  }, 600_000);
});

async function runSequence(ops: Op[], origins: (string | undefined)[]) {
  const p = await newPlatform();
  const a = await moneyCustomer(p, ["USD"]);
  await fund(p, a.accounts.USD, FUNDED);
  // Sandbox payout suffixes (docs/protocol.md "Sandbox payouts"): settles, 003 ACCOUNT_CANNOT_RECEIVE before the
  // debit, 005 PAYOUT_RETURNED after it (refunded).
  const payees = [
    await usdExternal(p, a.customer.id),
    await usdExternal(p, a.customer.id, "003"),
    await usdExternal(p, a.customer.id, "005"),
  ];
  const created = await call("POST", "/agents", {
    auth: p.auth,
    body: {
      name: "Payer",
      customerId: a.customer.id,
      policy: {
        permissions: ["CREATE_QUOTES", "EXECUTE_QUOTES", "CREATE_TRANSFERS", "VIEW_TRANSACTIONS"],
        defaultExecutionMode: "APPROVAL_REQUIRED",
        spendingLimits: { currency: "USD", perTransactionLimit: 5_000 },
      },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const agentId = created.body.agent.id as string;
  const bearer = `Bearer ${(await call("POST", `/agents/device-codes/${created.body.deviceCode.code}/redeem`)).body.accessToken}`;

  const known: Known[] = [];
  const observe = async (k: Known) => {
    const t = await call("GET", `/transactions/${k.id}`, { auth: p.auth });
    expect(t.status).toBe(200);
    if (k.seen.at(-1) !== t.body.status) k.seen.push(t.body.status);
    return t.body.status as string;
  };
  const actionPath = (id: string, verb: string) =>
    `/agents/${agentId}/actions/${id.replace("Transaction:", "AgentAction:")}/${verb}`;
  const decide = (k: Known, verb: "approve" | "reject" | "cancel", origin: string | undefined, via: Door) =>
    call(
      "POST",
      via === "ACTION" && verb !== "cancel" && k.agent ? actionPath(k.id, verb) : `/transactions/${k.id}/${verb}`,
      { auth: p.auth, origin, ...(verb === "reject" ? { body: { reason: "not now" } } : {}) },
    );

  for (const o of ops) {
    if (o.kind === "platformExecute") {
      const q = await call("POST", "/quotes", {
        auth: p.auth,
        origin: origins[o.on],
        body: quoteBody(a.accounts.USD, payees[o.payee], o.amount, { immediatelyExecute: true }),
      });
      // Not enough money: refused whole (400), nothing left behind.
      if (q.status === 400) continue;
      expect(q.status, JSON.stringify(q.body)).toBe(201);
      const k = { id: q.body.transactionId, agent: false, seen: [] };
      known.push(k);
      expect(["COMPLETED", "FAILED"]).toContain(await observe(k));
    } else if (o.kind === "agentExecute") {
      const q = await call("POST", "/agents/me/quotes", {
        auth: bearer,
        origin: origins[o.on],
        body: quoteBody(a.accounts.USD, payees[o.payee], o.amount),
      });
      expect(q.status, JSON.stringify(q.body)).toBe(201);
      const ex = await call("POST", `/agents/me/quotes/${q.body.id}/execute`, { auth: bearer, origin: origins[o.on] });
      expect(ex.status, JSON.stringify(ex.body)).toBe(200);
      expect(ex.body.status).toBe("PENDING_APPROVAL");
      const k = { id: q.body.transactionId, agent: true, seen: [] };
      known.push(k);
      expect(await observe(k)).toBe("PENDING");
    } else if (o.kind === "agentTransferIn") {
      const r = await call("POST", "/agents/me/transfer-in", {
        auth: bearer,
        origin: origins[o.on],
        body: { source: { accountId: payees[0] }, destination: { accountId: a.accounts.USD }, amount: o.amount },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body).toMatchObject({ status: "PENDING_APPROVAL", type: "TRANSFER_IN" });
      const k = { id: r.body.id.replace("AgentAction:", "Transaction:"), agent: true, seen: [] };
      known.push(k);
      expect(await observe(k)).toBe("PENDING");
    } else if (known.length > 0) {
      const k = known[o.pick % known.length];
      const before = await observe(k);
      const pending = before === "PENDING";
      let answers: Res[];
      if (o.kind === "race") {
        answers = await Promise.all([
          decide(k, "approve", origins[0], "TRANSACTION"),
          decide(k, "reject", origins[1], "ACTION"),
          decide(k, "cancel", origins[1], "TRANSACTION"),
          decide(k, "approve", origins[1], "ACTION"),
        ]);
      } else {
        answers = [await decide(k, o.kind, origins[o.on], o.kind === "cancel" ? "TRANSACTION" : o.door)];
      }
      const won = answers.filter((r) => r.status === 200);
      for (const r of answers) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
      // Exactly one decision while it waits for the platform; none once it is decided.
      expect(won.length, JSON.stringify(answers.map((r) => r.body))).toBe(pending ? 1 : 0);
      const after = await observe(k);
      if (pending) expect(after).not.toBe("PENDING");
      else expect(after).toBe(before);
    }
  }

  // Every transaction of the platform: Grid's shape, a resting status of Grid's.
  const all = await call("GET", `/transactions?customerId=${a.customer.id}&limit=100`, { auth: p.auth });
  for (const t of all.body.data) {
    expect(gridMismatches(gridTransaction, t), JSON.stringify(t)).toEqual([]);
    expect(RESTING).toContain(t.status);
  }
  const events = await sql(
    (q) => q`select type, data from outbox_events where platform_id = ${bare(p.id)} order by created_at, id`,
  );
  for (const k of known) {
    const mine = events.filter(
      (e) => /^(OUTGOING|INCOMING)_PAYMENT\.[A-Z_]+$/.test(String(e.type)) && !/REFUND_/.test(String(e.type)),
    );
    const of = mine.filter((e) => (e.data as { id: string }).id === k.id);
    // One event per change a client could see, in order, each carrying the transaction in that status.
    expect(
      of.map((e) => String(e.type).split(".")[1]),
      k.id,
    ).toEqual(k.seen);
    for (const e of of) {
      expect((e.data as { status: string }).status).toBe(String(e.type).split(".")[1]);
      expect(gridMismatches(gridTransaction, e.data), JSON.stringify(e.data)).toEqual([]);
    }
    const announced = events.filter(
      (e) =>
        e.type === "AGENT_ACTION.PENDING_APPROVAL" &&
        (e.data as { id: string }).id === k.id.replace("Transaction:", "AgentAction:"),
    );
    expect(announced).toHaveLength(k.agent ? 1 : 0);
    for (const e of announced) expect(gridMismatches(gridAgentAction, e.data)).toEqual([]);
  }

  // The ledger balances, every internal account mirrors it, and the balance is what the settled transactions say.
  process.env.DATABASE_URL = inject("databaseUrl");
  expect(await checkLedger(await getDb(), bare(p.id))).toEqual({ unbalanced: [], mismatched: [] });
  let expected = FUNDED;
  for (const t of all.body.data) {
    if (t.status !== "COMPLETED" || t.source?.accountType === "SANDBOX") continue;
    expected += t.type === "INCOMING" ? t.receivedAmount.amount : -t.sentAmount.amount;
  }
  expect(await balance(p, a.accounts.USD)).toBe(expected);
}
