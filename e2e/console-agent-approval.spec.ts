/**
 * Issue 7 "Show it": an operator creates an agent in the console, the agent (via its token, from the
 * test) asks for a transfer, the operator approves it in the console, the transaction completes and
 * the signed webhook arrives at a receiver on loopback.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhook } from "../lib/sdk/webhooks";
import { expect, expectAccessible, shot, test } from "./fixtures";

const api = () => `${process.env.E2E_BASE_URL}/api/2025-10-13`;

async function call(method: string, path: string, auth: string, body?: unknown) {
  const r = await fetch(`${api()}${path}`, {
    method,
    headers: { authorization: auth, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined };
}

test("operator creates an agent, the agent asks for a transfer, the operator approves it, the webhook arrives", async ({ page }, testInfo) => {
  const auth = process.env.E2E_SANDBOX_AUTH!;
  const [clientId, clientSecret] = Buffer.from(auth.slice(6), "base64").toString("utf8").split(":");

  const received: { body: string; signature?: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ body, signature: req.headers["service-webhook-signature"] as string | undefined });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    const cfg = await call("PATCH", "/config", auth, { webhookUrl: hookUrl });
    expect(cfg.status).toBe(200);
    const publicKeyPem = cfg.body.webhookPublicKey as string;

    // A customer with a funded USD account and a USD bank account to pay to.
    const customer = await call("POST", "/customers", auth, {
      customerType: "INDIVIDUAL",
      fullName: `Console E2E ${Date.now()}`,
      currencies: ["USD"],
      endUserTermsConsent: { termsVersion: "V1", acceptedAt: new Date().toISOString(), acceptanceMethod: "CHECKBOX", ipAddress: "203.0.113.7" },
    });
    expect(customer.status).toBe(201);
    const accounts = await call("GET", `/customers/internal-accounts?customerId=${customer.body.id}`, auth);
    const usd = accounts.body.data.find((a: any) => a.balance.currency.code === "USD").id;
    await call("POST", `/sandbox/internal-accounts/${usd}/fund`, auth, { amount: 50_000 });
    const ext = await call("POST", "/customers/external-accounts", auth, {
      customerId: customer.body.id,
      currency: "USD",
      accountInfo: {
        accountType: "USD_ACCOUNT",
        accountNumber: "000123456789",
        routingNumber: "021000021",
        bankAccountType: "CHECKING",
        beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: "Console E2E", address: { line1: "1 Main St", postalCode: "94105", country: "US" } },
      },
    });
    expect(ext.status, JSON.stringify(ext.body)).toBe(201);

    // The operator signs in and creates the agent.
    await page.goto("/console/login");
    await page.getByLabel("Client id").fill(clientId);
    await page.getByLabel("Client secret").fill(clientSecret);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Platform console" })).toBeVisible();
    await page.getByLabel("Agent name").fill("E2E bookkeeper");
    await page.getByLabel("Customer", { exact: true }).selectOption(customer.body.id);
    await page.getByLabel("Execution mode").selectOption("APPROVAL_REQUIRED");
    await page.getByRole("button", { name: "Create agent" }).click();
    const code = (await page.getByTestId("device-code").textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await shot(page, testInfo, "console-agent-created");

    // The agent, from its own side, redeems the code and asks for a transfer: it waits for approval.
    const redeemed = await fetch(`${api()}/agents/device-codes/${code}/redeem`, { method: "POST" });
    expect(redeemed.status).toBe(200);
    const bearer = `Bearer ${(await redeemed.json()).accessToken}`;
    const quote = await call("POST", "/agents/me/quotes", bearer, {
      source: { sourceType: "ACCOUNT", accountId: usd },
      destination: { destinationType: "ACCOUNT", accountId: ext.body.id },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1_250,
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    const pending = await call("POST", `/agents/me/quotes/${quote.body.id}/execute`, bearer);
    expect(pending.body).toMatchObject({ status: "PENDING", pendingReason: "PENDING_PLATFORM_APPROVAL" });
    const txId = quote.body.transactionId as string;

    // The operator approves it in the console.
    await page.reload();
    const item = page.getByTestId("approval").filter({ hasText: txId });
    await expect(item).toBeVisible();
    await expectAccessible(page, testInfo);
    await item.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("status")).toContainText(`${txId}: COMPLETED`);
    await shot(page, testInfo, "console-approved");
    const tx = await call("GET", `/transactions/${txId}`, auth);
    expect(tx.body.status).toBe("COMPLETED");

    // The completion webhook arrives, validly signed.
    await expect
      .poll(() => received.find((r) => r.body.includes('"OUTGOING_PAYMENT.COMPLETED"') && r.body.includes(txId)), { timeout: 20_000 })
      .toBeTruthy();
    const hook = received.find((r) => r.body.includes('"OUTGOING_PAYMENT.COMPLETED"') && r.body.includes(txId))!;
    const event = verifyWebhook({ rawBody: hook.body, signatureHeader: hook.signature, publicKeyPem });
    expect((event.data as any).id).toBe(txId);
  } finally {
    await call("PATCH", "/config", auth, { webhookUrl: null });
    receiver.closeAllConnections();
    await new Promise<void>((r) => receiver.close(() => r()));
  }
});
