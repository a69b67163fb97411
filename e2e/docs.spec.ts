/**
 * The API reference: /docs is rendered by this service from its own OpenAPI document, with no request leaving the
 * origin, within 1 MB; its search finds an operation by summary; its try-it sends real requests with an agent's
 * Bearer token (AgentAuth) and with an API token from POST /tokens (HTTP Basic). axe on each state; desktop and
 * 390×844.
 */
import type { Page } from "@playwright/test";
import { expect, expectAccessible, shot, test } from "./fixtures";
import { api, call, consent } from "./support/api";

const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

/** Open an operation's try-it dialog from its section's page. */
async function tryIt(page: Page, section: string, operationId: string, method: string, path: string) {
  if (new URL(page.url()).pathname !== `/docs/${section}`) await page.goto(`/docs/${section}#${operationId}`);
  const op = page.locator(`section#${operationId}`);
  await op.getByRole("button", { name: `Try it: ${method} ${path}` }).click();
  const dialog = page.getByRole("dialog", { name: `Try ${method} ${path}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Send the dialog's request and return it with its answer. */
async function send(page: Page, dialog: ReturnType<Page["getByRole"]>, method: string, urlEnd: string) {
  const sent = page.waitForRequest((r) => r.url().endsWith(urlEnd) && r.method() === method);
  await dialog.getByRole("button", { name: `Send ${method} request` }).click();
  return sent;
}

for (const { name: device, viewport } of VIEWPORTS) {
  test.describe(device, () => {
    test.use({ viewport });

    test(`docs (${device}): the reference from this origin within 1 MB, searchable, accessible`, async ({
      page,
    }, testInfo) => {
      const origin = new URL(process.env.E2E_BASE_URL!).origin;
      const foreign: string[] = [];
      let bytes = 0;
      page.on("request", (r) => {
        if (!r.url().startsWith(origin) && !r.url().startsWith("data:")) foreign.push(r.url());
      });
      page.on("requestfinished", async (r) => {
        const s = await r.sizes();
        bytes += s.responseBodySize + s.responseHeadersSize;
      });
      await page.goto("/docs", { waitUntil: "networkidle" });
      await expect(page.getByRole("heading", { level: 1, name: /Payments service/ })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "Getting started" })).toBeVisible();
      testInfo.annotations.push({ type: "docs-transfer-bytes", description: String(bytes) });
      expect(bytes).toBeLessThanOrEqual(1_000_000);
      expect(foreign).toEqual([]);
      await expectAccessible(page, testInfo);
      await shot(page, testInfo, `docs-${device}`);

      // Search (Ctrl+K) finds an operation by its summary; Enter opens it on its section's page.
      await page.keyboard.press("Control+k");
      const search = page.getByRole("combobox", { name: "Search operations" });
      await expect(search).toBeFocused();
      await search.fill("create an agent");
      const option = page.getByRole("option", { name: /Create an agent/ }).first();
      await expect(option).toBeVisible();
      await expect(search).toHaveAttribute("aria-expanded", "true");
      await expectAccessible(page, testInfo);
      await search.press("Enter");
      await expect(page).toHaveURL(/\/docs\/agent-management#createAgent$/);
      const section = page.locator("section#createAgent");
      await expect(section.getByRole("heading", { level: 2, name: "Create an agent" })).toBeInViewport();
      await expect(section.getByText("/api/2025-10-13/agents", { exact: true })).toBeVisible();

      // The biggest section (every account type of every external-account operation) within the same budget.
      bytes = 0;
      await page.goto("/docs/external-accounts", { waitUntil: "networkidle" });
      await expect(page.getByRole("heading", { level: 1, name: "External Accounts" })).toBeVisible();
      testInfo.annotations.push({ type: "docs-external-accounts-bytes", description: String(bytes) });
      expect(bytes).toBeLessThanOrEqual(1_000_000);
      expect(foreign).toEqual([]);
    });

    test(`docs (${device}): try-it with an agent's Bearer token and with an API token (Basic)`, async ({
      page,
    }, testInfo) => {
      const auth = process.env.E2E_SANDBOX_AUTH!;
      const customer = await call("POST", "/customers", auth, {
        customerType: "INDIVIDUAL",
        fullName: `Docs ${device}`,
        currencies: ["USD"],
        endUserTermsConsent: consent(),
      });
      expect(customer.status).toBe(201);
      const agent = await call("POST", "/agents", auth, {
        name: `docs try-it ${device}`,
        customerId: customer.body.id,
        policy: {
          permissions: ["VIEW_TRANSACTIONS"],
          defaultExecutionMode: "AUTO",
          spendingLimits: { currency: "USD", perTransactionLimit: 100 },
        },
      });
      expect(agent.status).toBe(201);
      const redeemed = await (
        await fetch(`${api()}/agents/device-codes/${agent.body.deviceCode.code}/redeem`, { method: "POST" })
      ).json();

      // Bearer (AgentAuth): GET /agents/me answers this agent.
      let dialog = await tryIt(page, "agent-operations", "getAgentMe", "GET", "/agents/me");
      await expect(dialog.getByRole("group", { name: "Agent access token" })).toBeVisible();
      await dialog.getByLabel("Bearer token").fill(redeemed.accessToken);
      const bearer = await send(page, dialog, "GET", "/api/2025-10-13/agents/me");
      expect(bearer.headers().authorization).toBe(`Bearer ${redeemed.accessToken}`);
      await expect(dialog.getByRole("status")).toHaveText("Response: 200 OK");
      await expect(dialog.getByText(agent.body.agent.id).first()).toBeVisible();
      await expectAccessible(page, testInfo);
      await shot(page, testInfo, `docs-try-it-bearer-${device}`);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();

      // Basic with an API token from POST /tokens: GET /config answers the platform's configuration.
      const token = await call("POST", "/tokens", auth, { name: `docs ${device}`, permissions: ["VIEW"] });
      expect(token.status).toBe(201);
      dialog = await tryIt(page, "platform-configuration", "getPlatformConfig", "GET", "/config");
      await expect(dialog.getByRole("group", { name: /HTTP Basic/ })).toBeVisible();
      await dialog.getByLabel("Client id").fill(token.body.clientId);
      await dialog.getByLabel("Client secret").fill(token.body.clientSecret);
      const request = await send(page, dialog, "GET", "/api/2025-10-13/config");
      const basic = `Basic ${Buffer.from(`${token.body.clientId}:${token.body.clientSecret}`).toString("base64")}`;
      expect(request.headers().authorization).toBe(basic);
      expect((await request.response())?.status()).toBe(200);
      await expect(dialog.getByRole("status")).toHaveText("Response: 200 OK");
      await expect(dialog.getByText("webhookPublicKey").first()).toBeVisible();
      await expectAccessible(page, testInfo);

      // The credentials typed once serve every form of the page (kept in memory only, so a reload forgets them).
      await page.keyboard.press("Escape");
      dialog = await tryIt(page, "platform-configuration", "updatePlatformConfig", "PATCH", "/config");
      await expect(dialog.getByLabel("Client id")).toHaveValue(token.body.clientId);
      await expect(dialog.getByLabel("Client secret")).toHaveValue(token.body.clientSecret);
      await page.keyboard.press("Escape");

      // A JSON body from the operation's example, edited: POST /tokens with an unknown permission answers the
      // validation error, naming the field.
      dialog = await tryIt(page, "api-tokens", "createToken", "POST", "/tokens");
      await expect(dialog.getByLabel("Client id")).toHaveValue("");
      const body = dialog.getByLabel("Request body (JSON)");
      await expect(body).toHaveValue(/"permissions"/);
      await body.fill(JSON.stringify({ name: "docs", permissions: ["NOT_A_PERMISSION"] }));
      const manager = await call("POST", "/tokens", auth, { name: `docs manage ${device}`, permissions: ["MANAGE"] });
      expect(manager.status).toBe(201);
      await dialog.getByLabel("Client id").fill(manager.body.clientId);
      await dialog.getByLabel("Client secret").fill(manager.body.clientSecret);
      const posted = await send(page, dialog, "POST", "/api/2025-10-13/tokens");
      expect(posted.headers()["content-type"]).toBe("application/json");
      await expect(dialog.getByRole("status")).toHaveText(/^Response: 400/);
      await expect(dialog.getByText("INVALID_INPUT").first()).toBeVisible();
      await expect(dialog.getByText(/permissions/).first()).toBeVisible();
    });
  });
}
