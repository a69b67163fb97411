/**
 * A soft-deleted customer (DELETE /customers/{id}) stays readable by id, and every other operation that names it
 * answers as Grid's do for a customer that is not there: 404 USER_NOT_FOUND. Money through its accounts
 * is refused the same way; its pending agent transaction fails when approved; lists still show its history.
 */
import { describe, expect, it } from "vitest";
import { call, newPlatform } from "../../support/api";
import { approvalAgent, fund, moneyCustomer, quoteBody, usdExternal } from "../../support/money";
import { expectGridShape } from "../../support/grid-shapes/check";
import { gridError } from "../../support/grid-shapes/common";
import { example } from "../../support/external-account-examples";

describe("operations naming a deleted customer", () => {
  it("answer 404 USER_NOT_FOUND; GET still shows it; its pending transaction fails on approval", async () => {
    const p = await newPlatform();
    const a = await moneyCustomer(p, ["USD", "EUR"]);
    const b = await moneyCustomer(p, ["USD", "EUR"]);
    await fund(p, a.accounts.USD, 50_000);
    await fund(p, b.accounts.USD, 50_000);
    const payee = await usdExternal(p, a.customer.id);
    const token = await approvalAgent(p, a.customer.id);
    const aq = await call("POST", "/agents/me/quotes", {
      auth: `Bearer ${token}`,
      body: quoteBody(a.accounts.USD, payee, 1_000),
    });
    const pending = (
      await call("POST", `/agents/me/quotes/${aq.body.id}/execute`, { auth: `Bearer ${token}` })
    ).body.id.replace("AgentAction:", "Transaction:");
    const early = await call("POST", "/quotes", {
      auth: p.auth,
      body: quoteBody(a.accounts.USD, b.accounts.USD, 1_000),
    });
    expect(early.status).toBe(201);

    expect((await call("DELETE", `/customers/${a.customer.id}`, { auth: p.auth })).status).toBe(200);
    const shown = await call("GET", `/customers/${a.customer.id}`, { auth: p.auth });
    expect(shown.status).toBe(200);
    expect(shown.body.isDeleted).toBe(true);

    const id = a.customer.id;
    const calls: [string, string, unknown][] = [
      ["PATCH", `/customers/${id}`, { customerType: "INDIVIDUAL", fullName: "Back" }],
      ["POST", `/customers/${id}/kyc-link`, {}],
      ["POST", `/customers/${id}/verify-email`, undefined],
      ["POST", `/customers/${id}/verify-phone`, undefined],
      ["POST", "/verifications", { customerId: id }],
      [
        "POST",
        "/customers/external-accounts",
        { customerId: id, currency: "USD", accountInfo: example("USD_ACCOUNT").accountInfo },
      ],
      [
        "POST",
        "/agents",
        {
          name: "Other",
          customerId: id,
          policy: {
            permissions: ["CREATE_QUOTES"],
            defaultExecutionMode: "AUTO",
            spendingLimits: { currency: "USD", perTransactionLimit: 5_000 },
          },
        },
      ],
      ["POST", "/cards", { cardholderId: id, form: "VIRTUAL", fundingSources: [a.accounts.USD] }],
      ["POST", "/quotes", quoteBody(a.accounts.USD, b.accounts.USD, 1_000)],
      ["POST", "/quotes", quoteBody(b.accounts.USD, a.accounts.USD, 1_000)],
      ["POST", `/quotes/${early.body.id}/execute`, undefined],
      [
        "POST",
        "/transfer-out",
        { source: { accountId: a.accounts.USD }, destination: { accountId: payee }, amount: 500 },
      ],
      [
        "POST",
        "/transfer-in",
        { source: { accountId: payee }, destination: { accountId: a.accounts.USD }, amount: 500 },
      ],
      ["POST", `/sandbox/internal-accounts/${a.accounts.USD}/fund`, { amount: 100 }],
    ];
    for (const [method, path, body] of calls) {
      const r = await call(method, path, { auth: p.auth, body });
      expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBe(404);
      expectGridShape(gridError(404), r.body);
      expect(r.body.code, `${method} ${path}`).toBe("USER_NOT_FOUND");
    }
    // Nothing moved: b kept its 50 000, the deleted customer's account is unchanged.
    expect((await call("GET", `/internal-accounts/${b.accounts.USD}`, { auth: p.auth })).body.balance.amount).toBe(
      50_000,
    );
    expect((await call("GET", `/internal-accounts/${a.accounts.USD}`, { auth: p.auth })).body.balance.amount).toBe(
      50_000,
    );

    // The platform's call succeeds; the execution fails (the customer is gone).
    const approved = await call("POST", `/transactions/${pending}/approve`, { auth: p.auth });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "FAILED", failureReason: "QUOTE_EXECUTION_FAILED" });

    // History stays listable (Grid's lists document no 404), and a second DELETE is Grid's 410.
    const history = await call("GET", `/transactions?customerId=${encodeURIComponent(id)}`, { auth: p.auth });
    expect(history.status).toBe(200);
    expect(history.body.data.length).toBeGreaterThan(0);
    expect((await call("DELETE", `/customers/${id}`, { auth: p.auth })).body).toMatchObject({
      status: 410,
      code: "CUSTOMER_DELETED",
    });
  });
});
