/**
 * The API reference: /docs is Scalar over the served OpenAPI document, loaded from this app
 * only (no request leaves the origin) within 1 MB; its try-it sends real requests with an agent's Bearer token
 * (AgentAuth) and with an API token from POST /tokens (HTTP Basic). axe on each state; desktop and 390×844.
 */
import type { Page } from "@playwright/test";
import { expect, expectAccessible, shot, test } from "./fixtures";
import { api, call, consent } from "./support/api";

const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

/** Open an operation's try-it client from the reference. */
async function tryIt(page: Page, method: string, path: string) {
  const dialog = page.getByRole("dialog", { name: "API Client" });
  if (new URL(page.url()).pathname === "/docs") {
    // Already on the reference (the previous try-it): close its client and move to the next operation in the same
    // document, as a reader would, instead of rendering the whole reference again.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  } else {
    await page.goto(`/docs`);
    // The reference renders in the browser (about 0.9 MB of script to parse): allow for a busy machine (two e2e
    // workers share its two cores).
    await expect(page.getByRole("heading", { level: 1, name: /Payments service/ })).toBeVisible({ timeout: 90_000 });
  }
  const tag = path.startsWith("/agents/me") ? "agent-operations" : "platform-configuration";
  await page.goto(`/docs#tag/${tag}/${method.toUpperCase()}${path}`);
  await page
    .getByRole("button", { name: new RegExp(`Test Request\\s*\\(${method} ${path.replace(/\//g, "\\/")}\\)$`) })
    .click();
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const { name: device, viewport } of VIEWPORTS) {
  test.describe(device, () => {
    test.use({ viewport });

    test(`docs (${device}): Scalar from this origin within 1 MB, searchable, accessible`, async ({
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
      // The reference renders in the browser (about 0.9 MB of script to parse): allow for a busy machine.
      await expect(page.getByRole("heading", { level: 1, name: /Payments service/ })).toBeVisible({ timeout: 45_000 });
      testInfo.annotations.push({ type: "docs-transfer-bytes", description: String(bytes) });
      expect(bytes).toBeLessThanOrEqual(1_000_000);
      expect(foreign).toEqual([]);
      await expectAccessible(page, testInfo);
      await shot(page, testInfo, `docs-${device}`);

      // Search finds an operation by its summary.
      await page.keyboard.press("Control+k");
      const search = page.getByRole("combobox").or(page.getByRole("searchbox")).first();
      await search.fill("Create an agent");
      await expect(page.getByRole("option", { name: /Create an agent/i }).first()).toBeVisible();
      await expectAccessible(page, testInfo);
      await page.keyboard.press("Escape");
    });

    test(`docs (${device}): try-it with an agent's Bearer token and with an API token (Basic)`, async ({
      page,
    }, testInfo) => {
      // The reference is a heavy render beside the other worker's spec.
      test.setTimeout(240_000);
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
      let dialog = await tryIt(page, "get", "/agents/me");
      await expect(dialog.getByRole("button", { name: "Selected Auth Type: AgentAuth" })).toBeVisible();
      const tokenBox = dialog.getByRole("textbox", { name: "Bearer Token" });
      await tokenBox.click();
      await tokenBox.fill(redeemed.accessToken);
      await expect(tokenBox).toHaveValue(redeemed.accessToken);
      await tokenBox.press("Tab");
      const sent = page.waitForRequest((r) => r.url().endsWith("/api/2025-10-13/agents/me"));
      await dialog.getByRole("button", { name: /^Send get request to / }).click();
      expect((await sent).headers().authorization).toBe(`Bearer ${redeemed.accessToken}`);
      await expect(dialog.getByText(agent.body.agent.id).first()).toBeVisible();
      await expect(dialog.getByText("200", { exact: false }).first()).toBeVisible();
      await expectAccessible(page, testInfo);
      await shot(page, testInfo, `docs-try-it-bearer-${device}`);

      // Basic with an API token from POST /tokens: GET /config answers the platform's configuration.
      const token = await call("POST", "/tokens", auth, { name: `docs ${device}`, permissions: ["VIEW"] });
      expect(token.status).toBe(201);
      dialog = await tryIt(page, "get", "/config");
      await expect(dialog.getByRole("button", { name: "Selected Auth Type: BasicAuth" })).toBeVisible();
      const username = dialog
        .getByRole("textbox", { name: /username/i })
        .or(dialog.getByRole("combobox", { name: /username/i }))
        .or(dialog.locator('[data-placeholder="janedoe"]'))
        .first();
      await username.click();
      await username.fill(token.body.clientId);
      await expect(username).toHaveText(token.body.clientId);
      const password = dialog.getByRole("textbox", { name: "Password" });
      await password.click();
      await password.fill(token.body.clientSecret);
      await expect(password).toHaveValue(token.body.clientSecret);
      await password.press("Tab");
      const basic = `Basic ${Buffer.from(`${token.body.clientId}:${token.body.clientSecret}`).toString("base64")}`;
      const sentBasic = page.waitForRequest((r) => r.url().endsWith("/api/2025-10-13/config"));
      await dialog.getByRole("button", { name: /^Send get request to / }).click();
      const request = await sentBasic;
      expect(request.headers().authorization).toBe(basic);
      const response = await request.response();
      expect(response?.status()).toBe(200);
      await expect(dialog.getByText("webhookPublicKey").first()).toBeVisible();
      await expectAccessible(page, testInfo);
    });
  });
}
