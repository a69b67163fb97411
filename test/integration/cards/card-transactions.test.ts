/**
 * Card transactions on the one ledger: every simulation path with its balances and statuses, declines
 * recorded with their reasons, CARD_TRANSACTION.* webhooks (signed, one per state change), listing through
 * GET /transactions, tenants, and a random sequence of 500 simulations after which the ledger sums to zero.
 */
import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { closeDb } from "@/db/client";
import { verifyWebhook } from "@/lib/sdk/webhooks";
import { call, newPlatform } from "../../support/api";
import { balance, fund, quoteBody, usdExternal } from "../../support/money";
import { startReceiver, waitFor, type Receiver } from "../../support/webhook-receiver";
import { cardFor, latest, ledgerSound, merchant, sim, USD } from "../../support/card-simulations";

const receivers: Receiver[] = [];
afterAll(async () => {
  for (const r of receivers) await r.close();
  await closeDb();
});

describe("card transactions", () => {
  it("authorization → partial clearing → final clearing → returns → return reversal, each moving the ledger", async () => {
    const p = await newPlatform();
    const { card, account, customer } = await cardFor(p, 10_000);
    const s = sim(p, card.id);
    const a = await s("authorization", { amount: 2_000, currency: USD, merchant: merchant() });
    expect(a.status).toBe(202);
    expect(a.body.issuerTransactionToken).toMatch(/^sandbox_txn_/);
    let t = await latest(p, card.id);
    expect(t).toMatchObject({
      type: "CARD",
      cardId: card.id,
      customerId: customer.id,
      platformCustomerId: customer.platformCustomerId,
      issuerTransactionToken: a.body.issuerTransactionToken,
      status: "AUTHORIZED",
      direction: "DEBIT",
      accountId: account,
      authorizedAmount: { amount: 2_000 },
      pullSummary: { count: 1, totalAmount: 2_000, pendingCount: 0 },
    });
    expect(await balance(p, account)).toBe(8_000);
    expect((await s("clearing", { cardTransactionId: t.id, amount: 500 })).status).toBe(202);
    t = (await call("GET", `/transactions/${t.id}`, { auth: p.auth })).body;
    expect(t).toMatchObject({
      status: "PARTIALLY_SETTLED",
      settledAmount: { amount: 500 },
      settlementSummary: { count: 1, totalAmount: 500 },
    });
    await s("clearing", { cardTransactionId: t.id, amount: 1_500 });
    t = (await call("GET", `/transactions/${t.id}`, { auth: p.auth })).body;
    expect(t).toMatchObject({ status: "SETTLED", settledAmount: { amount: 2_000 } });
    expect(await balance(p, account)).toBe(8_000);
    expect((await s("clearing", { cardTransactionId: t.id, amount: 1 })).body.code).toBe("INVALID_STATE_TRANSITION");
    await s("return", { cardTransactionId: t.id, amount: 300 });
    t = (await call("GET", `/transactions/${t.id}`, { auth: p.auth })).body;
    expect(t).toMatchObject({
      status: "SETTLED",
      refundedAmount: { amount: 300 },
      refundSummary: { count: 1, totalAmount: 300 },
    });
    expect((await s("return", { cardTransactionId: t.id, amount: 1_701 })).status).toBe(400);
    await s("return", { cardTransactionId: t.id, amount: 1_700 });
    t = (await call("GET", `/transactions/${t.id}`, { auth: p.auth })).body;
    expect(t).toMatchObject({ status: "REFUNDED", refundedAmount: { amount: 2_000 } });
    expect(await balance(p, account)).toBe(10_000);
    await s("return_reversal", { cardTransactionId: t.id });
    t = (await call("GET", `/transactions/${t.id}`, { auth: p.auth })).body;
    expect(t).toMatchObject({ status: "SETTLED", refundedAmount: { amount: 0 } });
    expect(await balance(p, account)).toBe(8_000);
    await ledgerSound(p);
  });

  it("over-auth clearing pulls the excess, or is an EXCEPTION the funding source cannot cover; 0 expires the hold", async () => {
    const p = await newPlatform();
    const { card, account } = await cardFor(p, 1_000);
    const s = sim(p, card.id);
    await s("authorization", { amount: 400, currency: USD, merchant: merchant() });
    let t = await latest(p, card.id);
    await s("clearing", { cardTransactionId: t.id, amount: 480 });
    t = (await call("GET", `/transactions/${t.id}`, { auth: p.auth })).body;
    expect(t).toMatchObject({
      status: "SETTLED",
      settledAmount: { amount: 480 },
      pullSummary: { count: 2, totalAmount: 480 },
    });
    expect(await balance(p, account)).toBe(520);

    await s("authorization", { amount: 500, currency: USD, merchant: merchant() });
    t = await latest(p, card.id);
    await s("clearing", { cardTransactionId: t.id, amount: 900 });
    t = (await call("GET", `/transactions/${t.id}`, { auth: p.auth })).body;
    expect(t.status).toBe("EXCEPTION");
    expect(await balance(p, account)).toBe(20);

    await s("authorization", { amount: 20, currency: USD, merchant: merchant() });
    t = await latest(p, card.id);
    expect(await balance(p, account)).toBe(0);
    await s("clearing", { cardTransactionId: t.id, amount: 0 });
    t = (await call("GET", `/transactions/${t.id}`, { auth: p.auth })).body;
    expect(t).toMatchObject({ status: "SETTLED", settledAmount: { amount: 0 } });
    expect(await balance(p, account)).toBe(20);
    await ledgerSound(p);
  });

  it("advice re-sizes the hold; financial, credit and balance-inquiry simulations; suffix 006 is an EXCEPTION", async () => {
    const p = await newPlatform();
    const { card, account } = await cardFor(p, 5_000);
    const s = sim(p, card.id);
    await s("authorization", { amount: 1_000, currency: USD, merchant: merchant() });
    let t = await latest(p, card.id);
    await s("authorization_advice", { cardTransactionId: t.id, amount: 1_500 });
    expect(await balance(p, account)).toBe(3_500);
    await s("authorization_advice", { cardTransactionId: t.id, amount: 200 });
    expect(await balance(p, account)).toBe(4_800);
    t = (await call("GET", `/transactions/${t.id}`, { auth: p.auth })).body;
    expect(t).toMatchObject({ status: "AUTHORIZED", authorizedAmount: { amount: 200 } });

    await s("financial_authorization", { amount: 800, currency: USD, merchant: merchant("ATM 42") });
    expect(await latest(p, card.id)).toMatchObject({
      status: "SETTLED",
      direction: "DEBIT",
      settledAmount: { amount: 800 },
    });
    expect(await balance(p, account)).toBe(4_000);
    await s("financial_credit_authorization", { amount: 300, currency: USD, merchant: merchant("PUSH CREDIT") });
    expect(await latest(p, card.id)).toMatchObject({ status: "SETTLED", direction: "CREDIT" });
    expect(await balance(p, account)).toBe(4_300);
    for (const op of ["credit_authorization", "credit_authorization_advice"]) {
      const before = await balance(p, account);
      await s(op, { amount: 250, currency: USD, merchant: merchant("REFUND SHOP") });
      const c = await latest(p, card.id);
      expect(c).toMatchObject({ status: "AUTHORIZED", direction: "CREDIT" });
      expect(await balance(p, account)).toBe(before);
      await s("clearing", { cardTransactionId: c.id, amount: 250 });
      await ledgerSound(p);
    }
    expect(await balance(p, account)).toBe(4_800);
    expect((await s("balance_inquiry", { merchant: merchant("SHELL OIL 12345678") })).status).toBe(202);
    expect(await latest(p, card.id)).toMatchObject({ status: "AUTHORIZED", authorizedAmount: { amount: 0 } });
    await s("authorization", { amount: 100, currency: USD, merchant: merchant("FLAKY-006") });
    expect(await latest(p, card.id)).toMatchObject({ status: "EXCEPTION" });
    expect((await s("authorization", { amount: 100, currency: { code: "EUR" }, merchant: merchant() })).status).toBe(
      400,
    );
    await ledgerSound(p);
  });

  it("declines frozen, closed, over-limit and unfunded authorizations, recording each with its reason and moving nothing", async () => {
    const p = await newPlatform();
    const { card, account } = await cardFor(p, 1_000, { maxSpendPerTransaction: 600 });
    const s = sim(p, card.id);
    const expectDecline = async (amount: number, reason: string, descriptor?: string) => {
      const r = await s("authorization", { amount, currency: USD, merchant: merchant(descriptor) });
      expect(r.status).toBe(202);
      const t = await latest(p, card.id);
      expect(t).toMatchObject({
        status: "DECLINED",
        declineReason: reason,
        issuerTransactionToken: r.body.issuerTransactionToken,
      });
      expect(await balance(p, account)).toBe(1_000);
    };
    await expectDecline(601, "LIMIT_EXCEEDED");
    await expectDecline(100, "INSUFFICIENT_FUNDS", "AMAZON RETAIL US-002");
    await expectDecline(100, "CARD_PAUSED", "TEST-003");
    await call("PATCH", `/cards/${card.id}`, { auth: p.auth, body: { maxSpendPerTransaction: null } });
    await expectDecline(1_001, "INSUFFICIENT_FUNDS");
    await call("PATCH", `/cards/${card.id}`, { auth: p.auth, body: { state: "FROZEN" } });
    await expectDecline(10, "CARD_PAUSED");
    await call("PATCH", `/cards/${card.id}`, { auth: p.auth, body: { state: "ACTIVE" } });
    expect((await s("authorization", { amount: 600, currency: USD, merchant: merchant() })).status).toBe(202);
    expect(await balance(p, account)).toBe(400);
    await call("PATCH", `/cards/${card.id}`, { auth: p.auth, body: { state: "CLOSED" } });
    const r = await s("authorization", { amount: 10, currency: USD, merchant: merchant() });
    expect(
      (await call("GET", `/transactions?type=CARD&cardId=${encodeURIComponent(card.id)}&limit=1`, { auth: p.auth }))
        .body.data[0],
    ).toMatchObject({
      status: "DECLINED",
      declineReason: "CARD_CLOSED",
      issuerTransactionToken: r.body.issuerTransactionToken,
    });
    const declined = (
      await call("GET", `/transactions?type=CARD&cardId=${encodeURIComponent(card.id)}`, { auth: p.auth })
    ).body.data.filter((t: any) => t.status === "DECLINED");
    expect(declined.map((t: any) => t.declineReason).sort()).toEqual(
      [
        "CARD_CLOSED",
        "CARD_PAUSED",
        "CARD_PAUSED",
        "INSUFFICIENT_FUNDS",
        "INSUFFICIENT_FUNDS",
        "LIMIT_EXCEEDED",
      ].sort(),
    );
    await ledgerSound(p);
  });

  it("delivers one signed CARD_TRANSACTION.* webhook per state change, carrying the full card transaction", async () => {
    const rec = await startReceiver(() => 200);
    receivers.push(rec);
    const p = await newPlatform({ settings: { webhookUrl: rec.url } });
    const pem = (await call("GET", "/config", { auth: p.auth })).body.webhookPublicKey;
    const { card } = await cardFor(p, 5_000);
    const s = sim(p, card.id);
    await s("authorization", { amount: 1_000, currency: USD, merchant: merchant() });
    const t = await latest(p, card.id);
    await s("clearing", { cardTransactionId: t.id, amount: 400 });
    await s("clearing", { cardTransactionId: t.id, amount: 600 });
    await s("return", { cardTransactionId: t.id, amount: 1_000 });
    await s("authorization", { amount: 10, currency: USD, merchant: merchant("X-002") }); // a decline: no event
    await s("authorization", { amount: 10, currency: USD, merchant: merchant("X-006") });
    const expected = [
      ["AUTHORIZED", "AUTHORIZED"],
      ["PARTIALLY_SETTLED", "PARTIALLY_SETTLED"],
      ["SETTLED", "SETTLED"],
      ["REFUNDED", "REFUNDED"],
      ["AUTHORIZED", "AUTHORIZED"],
      ["EXCEPTION", "EXCEPTION"],
    ];
    const cardEvents = () => rec.received.filter((r) => r.type.startsWith("CARD_TRANSACTION."));
    await waitFor("six card transaction webhooks", () => cardEvents().length >= expected.length, 30_000);
    await new Promise((r) => setTimeout(r, 1_500));
    const got = cardEvents().map((r) =>
      verifyWebhook({ rawBody: r.rawBody, signatureHeader: r.signature, publicKeyPem: pem }),
    );
    expect(new Set(got.map((e) => e.id)).size).toBe(got.length);
    const ordered = got.sort((a: any, b: any) => (a.id < b.id ? -1 : 1));
    expect(ordered.map((e: any) => [e.type.split(".")[1], e.data.status])).toEqual(expected);
    expect(ordered[0].data).toMatchObject({
      type: "CARD",
      id: t.id,
      cardId: card.id,
      merchant: merchant(),
      authorizedAmount: { amount: 1_000 },
    });
    expect(ordered[3].data).toEqual((await call("GET", `/transactions/${t.id}`, { auth: p.auth })).body);
    expect(rec.received.filter((r) => r.type === "CARD.STATE_CHANGE").length).toBe(1);
  });

  it("lists card transactions by card, by account and among all transactions; tenants are apart", async () => {
    const p = await newPlatform();
    const q = await newPlatform();
    const a = await cardFor(p, 1_000);
    const b = await cardFor(p, 1_000);
    for (const x of [a, a, b])
      await sim(p, x.card.id)("authorization", { amount: 10, currency: USD, merchant: merchant() });
    const byCard = (await call("GET", `/transactions?cardId=${encodeURIComponent(a.card.id)}`, { auth: p.auth })).body
      .data;
    expect(byCard.length).toBe(2);
    const byAccount = (
      await call("GET", `/transactions?type=CARD&accountId=${encodeURIComponent(b.account)}`, { auth: p.auth })
    ).body.data;
    expect(byAccount.map((t: any) => t.cardId)).toEqual([b.card.id]);
    const pages = async (filter: string) => {
      const all: any[] = [];
      let cursor: string | undefined;
      do {
        const r = await call("GET", `/transactions?limit=2${filter}${cursor ? `&cursor=${cursor}` : ""}`, {
          auth: p.auth,
        });
        all.push(...r.body.data);
        expect(r.body.totalCount).toBeGreaterThanOrEqual(all.length);
        cursor = r.body.hasMore ? r.body.nextCursor : undefined;
      } while (cursor);
      return all;
    };
    const cards = await pages("&type=CARD");
    expect(cards.length).toBe(3);
    expect(new Set(cards.map((t) => t.id)).size).toBe(3);
    expect(cards.every((t) => t.type === "CARD")).toBe(true);
    const all = await pages("");
    expect(all.filter((t) => t.type === "CARD").length).toBe(3); // listed among the two sandbox fundings
    expect(all.length).toBe(5);

    const foreign = await sim(q, a.card.id)("authorization", { amount: 10, currency: USD, merchant: merchant() });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("CARD_NOT_FOUND");
    const own = await cardFor(q, 100);
    const wrongCard = await sim(q, own.card.id)("clearing", { cardTransactionId: byCard[0].id, amount: 1 });
    expect(wrongCard.body.code).toBe("CARD_TRANSACTION_NOT_FOUND");
    const g = await call("GET", `/transactions/${byCard[0].id}`, { auth: q.auth });
    expect(g.status).toBe(404);
    expect(g.body.code).toBe("CARD_TRANSACTION_NOT_FOUND");
    expect((await call("GET", "/transactions?type=CARD", { auth: q.auth })).body.data).toEqual([]);
    expect(
      (await call("GET", `/transactions?cardId=${encodeURIComponent(a.card.id)}`, { auth: q.auth })).body.data,
    ).toEqual([]);
  });

  it("lists card transactions among the transfers: one order, one cursor, every filter on both kinds, the agent's too", async () => {
    const p = await newPlatform();
    const a = await cardFor(p, 0);
    const b = await cardFor(p, 0);
    const names: Record<string, string> = {};
    const newest = async (name: string) => {
      const t = (await call("GET", "/transactions?limit=1", { auth: p.auth })).body.data[0];
      names[t.id] = name;
      return t;
    };
    // In creation order: T transfers, C card transactions.
    await fund(p, a.account, 10_000);
    const t1 = await newest("T1 a funded");
    await sim(p, a.card.id)("authorization", { amount: 100, currency: USD, merchant: merchant() });
    await newest("C1 a authorized");
    await fund(p, b.account, 1_000);
    await newest("T2 b funded");
    await sim(p, b.card.id)("authorization", { amount: 50, currency: USD, merchant: merchant() });
    const c2 = await newest("C2 b authorized");
    await sim(p, a.card.id)("authorization", { amount: 200, currency: USD, merchant: merchant() });
    const c3 = await newest("C3 a settled");
    expect((await sim(p, a.card.id)("clearing", { cardTransactionId: c3.id, amount: 200 })).status).toBe(202);
    const ext = await usdExternal(p, a.customer.id);
    const paid = await call("POST", "/quotes", {
      auth: p.auth,
      body: quoteBody(a.account, ext, 1_000, { immediatelyExecute: true }),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    await newest("T3 a paid out");

    /** Every page of a list, two rows a page, named; each page's totalCount is the whole list's. */
    const walk = async (path: string, auth: string = p.auth) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      const sep = path.includes("?") ? "&" : "?";
      let total: number | undefined;
      do {
        const r = await call("GET", `${path}${sep}limit=2${cursor ? `&cursor=${cursor}` : ""}`, { auth });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        seen.push(...r.body.data.map((t: { id: string }) => names[t.id] ?? t.id));
        total ??= r.body.totalCount;
        expect(r.body.totalCount).toBe(total);
        cursor = r.body.hasMore ? r.body.nextCursor : undefined;
      } while (cursor);
      expect(seen.length).toBe(total);
      return seen;
    };
    const list = (query: string) => walk(`/transactions?sortOrder=asc${query}`);
    const enc = encodeURIComponent;
    const [T1, C1, T2, C2, C3, T3] = Object.values(names);
    expect(await list("")).toEqual([T1, C1, T2, C2, C3, T3]);
    expect(await walk("/transactions")).toEqual([T3, C3, C2, T2, C1, T1]);
    expect(await list(`&customerId=${enc(a.customer.id)}`)).toEqual([T1, C1, C3, T3]);
    expect(await list(`&platformCustomerId=${enc(b.customer.platformCustomerId)}`)).toEqual([T2, C2]);
    expect(await list(`&accountId=${enc(a.account)}`)).toEqual([T1, C1, C3, T3]);
    expect(await list(`&accountIdentifier=${enc(b.account)}`)).toEqual([T2, C2]);
    expect(await list(`&senderAccountIdentifier=${enc(a.account)}`)).toEqual([C1, C3, T3]);
    expect(await list(`&receiverAccountIdentifier=${enc(a.account)}`)).toEqual([T1]);
    expect(await list(`&accountId=${enc(ext)}`)).toEqual([T3]);
    expect(await list("&status=COMPLETED")).toEqual([T1, T2, T3]);
    expect(await list("&status=AUTHORIZED")).toEqual([C1, C2]);
    expect(await list("&status=SETTLED")).toEqual([C3]);
    expect(await list("&type=CARD")).toEqual([C1, C2, C3]);
    expect(await list("&type=INCOMING")).toEqual([T1, T2]);
    expect(await list("&type=OUTGOING")).toEqual([T3]);
    expect(await list(`&cardId=${enc(a.card.id)}`)).toEqual([C1, C3]);
    expect(await list(`&startDate=${enc(c2.createdAt)}`)).toEqual([C2, C3, T3]);
    const beforeC2 = new Date(Date.parse(c2.createdAt) - 1).toISOString();
    expect(await list(`&endDate=${enc(beforeC2)}`)).toEqual([T1, C1, T2]);
    expect(await list(`&customerId=${enc(a.customer.id)}&status=AUTHORIZED`)).toEqual([C1]);
    expect(await list(`&startDate=${enc(t1.createdAt)}&type=CARD&customerId=${enc(b.customer.id)}`)).toEqual([C2]);

    // The agent's list is the platform's narrowed to its customer, card transactions among the transfers.
    const created = await call("POST", "/agents", {
      auth: p.auth,
      body: {
        name: "Reader",
        customerId: a.customer.id,
        policy: {
          permissions: ["VIEW_TRANSACTIONS"],
          defaultExecutionMode: "AUTO",
          spendingLimits: { currency: "USD", perTransactionLimit: 5_000 },
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const token = (await call("POST", `/agents/device-codes/${created.body.deviceCode.code}/redeem`)).body.accessToken;
    const bearer = `Bearer ${token}`;
    expect(await walk("/agents/me/transactions", bearer)).toEqual([T3, C3, C1, T1]);
    expect(await walk("/agents/me/transactions?status=SETTLED", bearer)).toEqual([C3]);
    const own = await call("GET", `/agents/me/transactions/${c3.id}`, { auth: bearer });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: c3.id, type: "CARD", status: "SETTLED" });
    const other = await call("GET", `/agents/me/transactions/${c2.id}`, { auth: bearer });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe("CARD_TRANSACTION_NOT_FOUND");
  });

  it("keeps the ledger summing to zero after a random sequence of 500 simulations across cards", async () => {
    const p = await newPlatform();
    const cards = await Promise.all([0, 1, 2].map(() => cardFor(p, 3_000, { maxSpendPerTransaction: 2_500 })));
    const open: { card: string; id: string }[] = [];
    const settled: { card: string; id: string }[] = [];
    const refunded: { card: string; id: string }[] = [];
    const statuses: Record<string, number> = {};
    const step = fc.record({
      card: fc.nat(2),
      op: fc.constantFrom(
        "auth",
        "auth",
        "clear",
        "clear",
        "return",
        "reversal",
        "advice",
        "financial",
        "credit",
        "fund",
        "freeze",
      ),
      amount: fc.integer({ min: 0, max: 2_000 }),
      pick: fc.nat(),
    });
    const plan = fc.sample(step, { numRuns: 1_500, seed: Number(process.env.CARD_SEED ?? 42) });
    let done = 0;
    for (const x of plan) {
      if (done === 500) break;
      const c = cards[x.card];
      const s = sim(p, c.card.id);
      const mine = (xs: typeof open) => xs.filter((t) => t.card === c.card.id);
      const pickOf = (xs: typeof open) => (mine(xs).length ? mine(xs)[x.pick % mine(xs).length] : undefined);
      let r: Awaited<ReturnType<ReturnType<typeof sim>>>;
      if (x.op === "auth" || x.op === "financial" || x.op === "credit") {
        const op = {
          auth: "authorization",
          financial: "financial_authorization",
          credit: "financial_credit_authorization",
        }[x.op];
        r = await s(op, {
          amount: Math.max(1, x.amount),
          currency: USD,
          merchant: merchant(x.pick % 9 === 0 ? "M-006" : "M"),
        });
        const t = await latest(p, c.card.id);
        if (t.status === "AUTHORIZED") open.push({ card: c.card.id, id: t.id });
        if (t.status === "SETTLED" && t.direction === "DEBIT") settled.push({ card: c.card.id, id: t.id });
      } else if (x.op === "clear" || x.op === "advice") {
        const t = pickOf(open);
        if (!t) continue;
        r = await s(x.op === "clear" ? "clearing" : "authorization_advice", {
          cardTransactionId: t.id,
          amount: x.op === "advice" ? Math.max(1, x.amount) : x.amount,
        });
        const now = (await call("GET", `/transactions/${t.id}`, { auth: p.auth })).body;
        if (now.status !== "AUTHORIZED" && now.status !== "PARTIALLY_SETTLED") open.splice(open.indexOf(t), 1);
        if (now.status === "SETTLED" || now.status === "PARTIALLY_SETTLED") settled.push(t);
      } else if (x.op === "return") {
        const t = pickOf(settled);
        if (!t) continue;
        r = await s("return", { cardTransactionId: t.id, amount: Math.max(1, x.amount % 300) });
        const now = (await call("GET", `/transactions/${t.id}`, { auth: p.auth })).body;
        if (now.status === "REFUNDED") refunded.push(t);
      } else if (x.op === "reversal") {
        const t = pickOf(refunded);
        if (!t) continue;
        r = await s("return_reversal", { cardTransactionId: t.id });
        refunded.splice(refunded.indexOf(t), 1);
      } else if (x.op === "fund") {
        r = await call("POST", `/sandbox/internal-accounts/${c.account}/fund`, {
          auth: p.auth,
          body: { amount: 1 + x.amount },
        });
      } else {
        const state =
          (await call("GET", `/cards/${c.card.id}`, { auth: p.auth })).body.state === "ACTIVE" ? "FROZEN" : "ACTIVE";
        r = await call("PATCH", `/cards/${c.card.id}`, { auth: p.auth, body: { state } });
      }
      done++;
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
    }
    expect(done).toBe(500);
    expect(statuses[202]).toBeGreaterThan(150);
    await ledgerSound(p);
  }, 300_000);
});
