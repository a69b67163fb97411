/**
 * The console: over 100 seeded customers an operator pages through the list, searches one
 * out, opens it, creates an agent for it; the agent (from the test, with its token) asks for a transfer; the
 * operator approves it from the approval queue, opens the transaction and the account, and finds the signed
 * completion webhook in the webhook log with its payload and attempt. Every page state passes axe. Once on a
 * desktop and once at 390×844.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { verifyWebhook } from "../lib/sdk/webhooks";
import { expect, expectAccessible, shot, test } from "./fixtures";
import { api, call, consent, fundedCustomer, sandboxCredentials } from "./support/api";

const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

/** A console nav link (the nav scrolls sideways on a phone). */
async function nav(page: Page, name: string) {
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

for (const { name: device, viewport } of VIEWPORTS) {
  test.describe(device, () => {
    test.use({ viewport });

    test(`console (${device}): 100 customers paged and searched, an agent's transfer approved, transaction, account and webhook log`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(180_000);
      const auth = process.env.E2E_SANDBOX_AUTH!;
      const run = `${device}-${Date.now().toString(36)}`;
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
      try {
        const cfg = await call("PATCH", "/config", auth, {
          webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
        });
        expect(cfg.status).toBe(200);
        const publicKeyPem = cfg.body.webhookPublicKey as string;

        // 100 customers through the API (10 at a time); number 42 has money and a bank account.
        const ids = Array.from({ length: 100 }, (_, i) => `${run}-${String(i).padStart(3, "0")}`);
        for (let i = 0; i < ids.length; i += 10) {
          await Promise.all(
            ids.slice(i, i + 10).map(async (pid, j) => {
              if (i + j === 42) return;
              const r = await call("POST", "/customers", auth, {
                customerType: "INDIVIDUAL",
                fullName: `Seeded ${pid}`,
                platformCustomerId: pid,
                endUserTermsConsent: consent(),
              });
              expect(r.status, JSON.stringify(r.body)).toBe(201);
            }),
          );
        }
        const target = await fundedCustomer(auth, `Ada Approver ${run}`, ids[42]);

        // Sign in.
        const { clientId, clientSecret } = sandboxCredentials();
        await page.goto("/console/login");
        await page.getByLabel("Client id").fill(clientId);
        await page.getByLabel("Client secret").fill(clientSecret);
        await page.getByRole("button", { name: "Sign in" }).click();
        await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
        await expectAccessible(page, testInfo);

        // The customer list: 20 a page over at least 100, forward and back.
        await nav(page, "Customers");
        const info = page.getByTestId("page-info");
        await expect(info).toContainText("Page 1 · 20 rows of");
        const total = Number((await info.textContent())!.replace(/.* of /, "").replace(/[^0-9]/g, ""));
        expect(total).toBeGreaterThanOrEqual(100);
        await expectAccessible(page, testInfo);
        await page.getByRole("link", { name: "Next" }).click();
        await expect(info).toContainText("Page 2 · 20 rows");
        await page.getByRole("link", { name: "Next" }).click();
        await expect(info).toContainText("Page 3 · 20 rows");
        await expectAccessible(page, testInfo);
        await page.getByRole("link", { name: "Previous" }).click();
        await expect(info).toContainText("Page 2");
        await page.getByRole("link", { name: "Previous" }).click();
        await expect(info).toContainText("Page 1");

        // Search by the platform's own customer id: exactly that one, then open it.
        await page.getByRole("searchbox", { name: "Search" }).fill(ids[42]);
        await page.getByRole("button", { name: "Apply" }).click();
        await expect(info).toContainText("Page 1 · 1 row of 1");
        await expect(page.getByTestId("customer-row").filter({ visible: true })).toHaveCount(1);
        await expectAccessible(page, testInfo);
        await page.getByRole("link", { name: `Ada Approver ${run}` }).click();
        await expect(page.getByRole("heading", { level: 1, name: `Ada Approver ${run}` })).toBeVisible();
        await expectAccessible(page, testInfo);
        await shot(page, testInfo, `console-customer-${device}`);

        // An agent for this customer, from its page; the device code is shown once.
        await page.getByLabel("Name", { exact: true }).fill("E2E bookkeeper");
        await page.getByRole("button", { name: "Create agent" }).click();
        const code = (await page.getByTestId("device-code").textContent())!.trim();
        expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
        await expectAccessible(page, testInfo);

        // The agent redeems its code and asks for a transfer: it waits for the platform's approval.
        const redeemed = await fetch(`${api()}/agents/device-codes/${code}/redeem`, { method: "POST" });
        expect(redeemed.status).toBe(200);
        const bearer = `Bearer ${(await redeemed.json()).accessToken}`;
        const quote = await call("POST", "/agents/me/quotes", bearer, {
          source: { sourceType: "ACCOUNT", accountId: target.usd },
          destination: { destinationType: "ACCOUNT", accountId: target.externalId },
          lockedCurrencySide: "SENDING",
          lockedCurrencyAmount: 1_250,
        });
        expect(quote.status, JSON.stringify(quote.body)).toBe(201);
        const pending = await call("POST", `/agents/me/quotes/${quote.body.id}/execute`, bearer);
        expect(pending.body).toMatchObject({ status: "PENDING_APPROVAL", type: "EXECUTE_QUOTE" });
        const txId = quote.body.transactionId as string;

        // The approval queue: approve it there.
        await nav(page, "Approvals");
        const item = page.getByTestId("approval").filter({ visible: true }).filter({ hasText: txId });
        await expect(item).toBeVisible();
        await expectAccessible(page, testInfo);
        await shot(page, testInfo, `console-approvals-${device}`);
        await item.getByRole("button", { name: "Approve" }).click();
        await expect(page.getByRole("status")).toContainText(`${txId}: COMPLETED`);
        expect((await call("GET", `/transactions/${txId}`, auth)).body.status).toBe("COMPLETED");

        // The transaction's page (a transaction id in the search opens it), then its source account's page.
        await nav(page, "Transactions");
        await page.getByRole("searchbox", { name: "Search" }).fill(txId);
        await page.getByRole("button", { name: "Apply" }).click();
        await expect(page.getByText(txId).first()).toBeVisible();
        await expect(page.getByText("COMPLETED").first()).toBeVisible();
        await expectAccessible(page, testInfo);
        await page.getByRole("link", { name: target.usd }).click();
        await expect(page.getByText(target.usd).first()).toBeVisible();
        await expect(page.getByRole("link", { name: txId })).toBeVisible();
        await expectAccessible(page, testInfo);

        // The completion webhook arrives, validly signed, and the log shows its payload and the attempt.
        await expect
          .poll(() => received.find((r) => r.body.includes('"OUTGOING_PAYMENT.COMPLETED"') && r.body.includes(txId)), {
            timeout: 20_000,
          })
          .toBeTruthy();
        const hook = received.find((r) => r.body.includes('"OUTGOING_PAYMENT.COMPLETED"') && r.body.includes(txId))!;
        const event = verifyWebhook({ rawBody: hook.body, signatureHeader: hook.signature, publicKeyPem });
        expect((event.data as any).id).toBe(txId);
        await nav(page, "Webhooks");
        await page.getByRole("searchbox", { name: "Event type" }).fill("OUTGOING_PAYMENT.COMPLETED");
        await page.getByRole("button", { name: "Apply" }).click();
        await expectAccessible(page, testInfo);
        const envelopeId = JSON.parse(hook.body).id as string;
        await page.goto(`/console/webhooks/${envelopeId}`);
        await expect(page.getByRole("heading", { level: 1, name: "OUTGOING_PAYMENT.COMPLETED" })).toBeVisible();
        const attempt = page.getByTestId("attempt").filter({ visible: true });
        await expect(attempt).toHaveCount(1);
        await expect(attempt).toContainText("Attempt 1");
        await expect(attempt).toContainText("HTTP 200");
        await expect(page.getByRole("region", { name: "Payload" })).toContainText(txId);
        await expectAccessible(page, testInfo);
        await shot(page, testInfo, `console-webhook-${device}`);

        // Agents, and the agent's own page; API tokens.
        await nav(page, "Agents");
        await page.getByRole("link", { name: "E2E bookkeeper" }).first().click();
        await expect(page.getByRole("heading", { level: 1, name: "E2E bookkeeper" })).toBeVisible();
        await expectAccessible(page, testInfo);
        await nav(page, "API tokens");
        await page.getByLabel("Name", { exact: true }).first().fill(`console ${run}`);
        await page.getByRole("button", { name: "Create token" }).click();
        await expect(page.getByTestId("token-secret")).toBeVisible();
        await expectAccessible(page, testInfo);
      } finally {
        await call("PATCH", "/config", auth, { webhookUrl: null });
        receiver.closeAllConnections();
        await new Promise<void>((r) => receiver.close(() => r()));
      }
    });
  });
}
