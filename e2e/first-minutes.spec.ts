/**
 * A newcomer's first minutes: the front page says what the service is, shows the sandbox platform's client id (never
 * its secret) with a copy button and the first curl lines, in light and dark, English and German; the console door
 * leads to the sign-in, where the newcomer's platform credentials (as `npm run platform -- create` prints them) open
 * an overview with a "Get started" list. Following it: a webhook endpoint set and tested, the sample data action
 * (customers, accounts, payments, a card, an agent awaiting approval) filling every console page and bringing a
 * payment's webhook to the receiver, an API token; with every step done the list is gone. Platform-wide: it sets the
 * webhook endpoint (of a platform of its own).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, expectAccessible, test } from "./fixtures";
import { sandboxCredentials } from "./support/api";
import { consoleMessages } from "./support/journeys";

const credentials = (auth: string) => {
  const [clientId, clientSecret] = Buffer.from(auth.slice(6), "base64").toString("utf8").split(":");
  return { clientId, clientSecret };
};

test.use({ locale: "en-US", viewport: { width: 1280, height: 900 } });

test("front page → console sign-in → Get started followed to a delivered webhook, sample data on every page", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const m = consoleMessages("en");
  const received: string[] = [];
  const receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push(body);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
  try {
    // The front page: the integrator's sandbox platform's client id, never its secret.
    const site = sandboxCredentials();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Payments service" })).toBeVisible();
    const doors = page.getByRole("navigation", { name: "Where to start" });
    for (const name of ["Example wallet", "Platform console", "API reference"])
      await expect(doors.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
    await expect(page.getByTestId("front-client-id")).toHaveText(site.clientId);
    expect(await page.content()).not.toContain(site.clientSecret);
    await expect(page.getByText(`curl -u ${site.clientId}:CLIENT_SECRET`).first()).toBeVisible();
    await page.getByRole("button", { name: "Copy the client id" }).click();
    await expect(page.getByRole("button", { name: "Copy the client id" })).toHaveText("Copied");
    await expectAccessible(page, testInfo);
    await page.getByLabel("Theme").selectOption("dark");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expectAccessible(page, testInfo);
    await page.getByLabel("Language").selectOption("de");
    await expect(page.getByRole("heading", { level: 1, name: "Zahlungsdienst" })).toBeVisible();
    await page.getByLabel("Sprache").selectOption("en");
    await page.getByLabel("Theme").selectOption("light");

    // The console door, and the newcomer's own platform credentials.
    const fresh = credentials(process.env.E2E_FRESH_AUTH!);
    await doors.getByRole("link", { name: /^Platform console/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: m.login.title })).toBeVisible();
    await page.getByLabel(m.login.clientId, { exact: true }).fill(fresh.clientId);
    await page.getByLabel(m.login.clientSecret, { exact: true }).fill(fresh.clientSecret);
    await page.getByRole("button", { name: m.login.signIn }).click();
    const list = page.getByRole("region", { name: m.getStarted.title });
    const nav = page.getByRole("navigation", { name: m.nav.label });
    await expect(list).toBeVisible();
    const step = (key: keyof typeof m.getStarted.steps) => list.locator(`[data-step="${key}"]`);
    await expect(list.locator('[data-done="false"]')).toHaveCount(6);
    await expectAccessible(page, testInfo);

    // Step 1, from its link: the endpoint, saved and tested.
    await step("webhook").getByRole("link").click();
    const endpoint = page.getByRole("region", { name: m.webhooks.endpoint });
    await endpoint
      .getByLabel(m.webhooks.endpointUrl)
      .fill(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`);
    await endpoint.getByRole("button", { name: m.webhooks.save }).click();
    await expect(page.getByRole("status")).toHaveText(m.webhooks.saved);
    await endpoint.getByRole("button", { name: m.webhooks.test }).click();
    await expect(page.getByRole("status")).toContainText("200");
    await nav.getByRole("link", { name: m.nav.overview, exact: true }).click();
    await expect(step("webhook")).toHaveAttribute("data-done", "true");

    // Sample data: customers, accounts and payments at once, whose webhooks reach the receiver.
    await page.getByRole("button", { name: m.sampleData.button }).click();
    await expect(page.getByRole("status")).toContainText("Sample data added");
    for (const key of ["customer", "externalAccount", "payment"] as const)
      await expect(step(key)).toHaveAttribute("data-done", "true");
    await expect
      .poll(() => received.some((b) => b.includes('"OUTGOING_PAYMENT.COMPLETED"')), { timeout: 30_000 })
      .toBe(true);
    await expectAccessible(page, testInfo);

    // Every console page shows it: none answers its empty state.
    const pages: [string, string][] = [
      ["/console/customers", m.customers.empty],
      ["/console/accounts", m.accounts.empty],
      ["/console/external-accounts", m.accounts.empty],
      ["/console/transactions", m.transactions.empty],
      ["/console/approvals", m.approvals.empty],
      ["/console/agents", m.agents.empty],
      ["/console/cards", m.cards.empty],
      ["/console/compliance", m.compliance.empty],
      ["/console/webhooks", m.webhooks.empty],
    ];
    for (const [path, empty] of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
      await expect(page.getByText(empty), path).toHaveCount(0);
    }
    await expectAccessible(page, testInfo);

    // The delivered webhook ticks, then the last step (a token); with all done the list is gone.
    await page.goto("/console");
    await expect(step("delivered")).toHaveAttribute("data-done", "true");
    await step("token").getByRole("link").click();
    await page.getByLabel("Name", { exact: true }).first().fill("first token");
    await page.getByRole("button", { name: m.tokens.createButton }).click();
    await expect(page.getByTestId("token-secret")).toBeVisible();
    await nav.getByRole("link", { name: m.nav.overview, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: m.overview.title })).toBeVisible();
    await expect(list).toHaveCount(0);
    await expectAccessible(page, testInfo);
  } finally {
    await fetch(`${process.env.E2E_BASE_URL}/api/2025-10-13/config`, {
      method: "PATCH",
      headers: { authorization: process.env.E2E_FRESH_AUTH!, "content-type": "application/json" },
      body: JSON.stringify({ webhookEndpoint: null }),
    }).catch(() => undefined);
    receiver.closeAllConnections();
    await new Promise<void>((r) => receiver.close(() => r()));
  }
});
