/** The operators' console (integrator pages over the service's HTTP API), driven with plain form posts. */
import { describe, expect, it } from "vitest";
import { baseUrl, call, newPlatform } from "../../support/api";
import { fund, moneyCustomer, quoteBody, usdExternal } from "../../support/money";

async function post(path: string, form: Record<string, string>, cookie?: string, origin?: string) {
  return fetch(`${baseUrl()}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
      ...(origin ? { origin } : {}),
    },
    body: new URLSearchParams(form).toString(),
  });
}

/** The console's status message (the `msg` of the redirect). */
function msg(res: Response): string {
  return new URL(res.headers.get("location")!, baseUrl()).searchParams.get("msg") ?? "";
}

describe("platform console", () => {
  it("signs in with platform credentials, shows the approval queue, and approves an agent's transaction", async () => {
    const p = await newPlatform();
    const bad = await post("/console/session", { clientId: p.clientId, clientSecret: "wrong" });
    expect(bad.status).toBe(303);
    expect(bad.headers.get("location")).toContain("/console/login");
    expect(bad.headers.get("set-cookie")).toBeNull();
    const unauth = await fetch(`${baseUrl()}/console`, { redirect: "manual" });
    expect(unauth.headers.get("location") ?? "").toContain("/console/login");

    const ok = await post("/console/session", { clientId: p.clientId, clientSecret: p.clientSecret });
    expect(ok.status).toBe(303);
    const setCookie = ok.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/console_session=.+HttpOnly/i);
    expect(setCookie).not.toContain(p.clientSecret);
    const cookie = setCookie.split(";")[0];

    // An agent asks for a transfer that needs approval.
    const a = await moneyCustomer(p, ["USD"]);
    await fund(p, a.accounts.USD, 10_000);
    const payee = await usdExternal(p, a.customer.id);
    const created = await post(
      "/console/agents/create",
      { name: "Console agent", customerId: a.customer.id, mode: "APPROVAL_REQUIRED", perTransactionLimit: "5000" },
      cookie,
    );
    expect(created.status).toBe(303);
    const code = /console_device_code=([^;]+)/.exec(created.headers.get("set-cookie") ?? "")![1];
    const page0 = await (
      await fetch(`${baseUrl()}/console`, { headers: { cookie: `${cookie}; console_device_code=${code}` } })
    ).text();
    expect(page0).toContain(decodeURIComponent(code));
    // The device code is also shown as a QR code (inline SVG rendered on the server).
    expect(page0).toMatch(/data-testid="device-code-qr"[^>]*>\s*<svg[^>]*>[\s\S]*<path/);
    const redeemed = await call("POST", `/agents/device-codes/${decodeURIComponent(code)}/redeem`);
    expect(redeemed.status).toBe(200);
    const bearer = `Bearer ${redeemed.body.accessToken}`;
    const q = await call("POST", "/agents/me/quotes", { auth: bearer, body: quoteBody(a.accounts.USD, payee, 1_234) });
    const ex = await call("POST", `/agents/me/quotes/${q.body.id}/execute`, { auth: bearer });
    expect(ex.body.status).toBe("PENDING_APPROVAL");

    const page = await (await fetch(`${baseUrl()}/console/approvals`, { headers: { cookie } })).text();
    expect(page).toContain(q.body.transactionId);
    expect(page).toContain("Approvals");

    const foreign = await post(
      `/console/transactions/${q.body.transactionId}/approve`,
      {},
      cookie,
      "https://evil.example",
    );
    expect(foreign.status).toBe(403);
    const approve = await post(`/console/transactions/${q.body.transactionId}/approve`, {}, cookie);
    expect(approve.status).toBe(303);
    expect(decodeURIComponent(approve.headers.get("location")!)).toContain("COMPLETED");
    const t = await call("GET", `/transactions/${q.body.transactionId}`, { auth: p.auth });
    expect(t.body.status).toBe("COMPLETED");
    // The delivery log (with its re-send buttons) lists the events.
    await expect
      .poll(async () =>
        (await (await fetch(`${baseUrl()}/console/webhooks`, { headers: { cookie } })).text()).includes(
          "AGENT_ACTION.PENDING_APPROVAL",
        ),
      )
      .toBe(true);
    // A form post goes back to the page it came from (a console page only, never elsewhere).
    const back = await post(
      `/console/transactions/${q.body.transactionId}/approve`,
      { returnTo: "/console/approvals?q=x" },
      cookie,
    );
    expect(
      new URL(back.headers.get("location")!, baseUrl()).pathname +
        new URL(back.headers.get("location")!, baseUrl()).search,
    ).toMatch(/^\/console\/approvals\?q=x&msg=/);
    const away = await post(
      `/console/transactions/${q.body.transactionId}/approve`,
      { returnTo: "//evil.example/console" },
      cookie,
    );
    expect(new URL(away.headers.get("location")!, baseUrl()).pathname).toBe("/console");
  });

  it("edits an agent's policy and deletes the agent (its token stops working)", async () => {
    const p = await newPlatform();
    const ok = await post("/console/session", { clientId: p.clientId, clientSecret: p.clientSecret });
    const cookie = ok.headers.get("set-cookie")!.split(";")[0];
    const a = await moneyCustomer(p, ["USD"]);
    const created = await post(
      "/console/agents/create",
      { name: "Editable", customerId: a.customer.id, mode: "AUTO", perTransactionLimit: "100" },
      cookie,
    );
    const code = decodeURIComponent(/console_device_code=([^;]+)/.exec(created.headers.get("set-cookie") ?? "")![1]);
    const redeemed = await call("POST", `/agents/device-codes/${code}/redeem`);
    const agentId = redeemed.body.agentId as string;
    const bearer = `Bearer ${redeemed.body.accessToken}`;

    const page = await (await fetch(`${baseUrl()}/console/agents/${agentId}`, { headers: { cookie } })).text();
    expect(page).toContain(`/console/agents/${agentId}/policy`);

    const form = new URLSearchParams();
    for (const perm of ["VIEW_TRANSACTIONS", "MANAGE_EXTERNAL_ACCOUNTS"]) form.append("permissions", perm);
    form.set("defaultExecutionMode", "APPROVAL_REQUIRED");
    form.set("perTransactionLimit", "2500");
    form.set("dailyLimit", "9000");
    form.set("monthlyLimit", "");
    const saved = await fetch(`${baseUrl()}/console/agents/${agentId}/policy`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: form.toString(),
    });
    expect(msg(saved)).toContain("policy saved");
    const agent = await call("GET", `/agents/${agentId}`, { auth: p.auth });
    expect(agent.body.policy).toMatchObject({
      permissions: ["VIEW_TRANSACTIONS", "MANAGE_EXTERNAL_ACCOUNTS"],
      defaultExecutionMode: "APPROVAL_REQUIRED",
      spendingLimits: { perTransactionLimit: 2500, dailyLimit: 9000 },
    });

    const badLimit = await post(
      `/console/agents/${agentId}/policy`,
      { permissions: "VIEW_TRANSACTIONS", perTransactionLimit: "-5" },
      cookie,
    );
    expect(msg(badLimit)).toContain("INVALID_INPUT");

    const unconfirmed = await post(`/console/agents/${agentId}/delete`, {}, cookie);
    expect(msg(unconfirmed)).toContain("confirm");
    expect((await call("GET", "/agents/me", { auth: bearer })).status).toBe(200);
    const foreign = await post(`/console/agents/${agentId}/delete`, { confirm: "yes" }, cookie, "https://evil.example");
    expect(foreign.status).toBe(403);
    const deleted = await post(`/console/agents/${agentId}/delete`, { confirm: "yes" }, cookie);
    expect(msg(deleted)).toContain("deleted");
    expect((await call("GET", "/agents/me", { auth: bearer })).status).toBe(401);
    expect((await call("GET", `/agents/${agentId}`, { auth: p.auth })).status).toBe(404);
  });
});
