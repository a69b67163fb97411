/**
 * The console's and the API reference's main screens in light and dark, on a desktop and at 390×844, each
 * checked with axe (0 serious, 0 critical). With UPDATE_SCREENSHOTS=1 the screens are also written to
 * docs/screenshots/<screen>-<light|dark>-<desktop|phone>.png (shown in README.md and docs/integrator.md).
 */
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { api, call, fundedCustomer } from "./support/api";
import { consoleSignIn } from "./support/journeys";

const OUT = path.join(process.cwd(), "docs", "screenshots");
const VARIANTS = [
  { device: "desktop", viewport: { width: 1280, height: 800 }, colorScheme: "light" as const },
  { device: "desktop", viewport: { width: 1280, height: 800 }, colorScheme: "dark" as const },
  { device: "phone", viewport: { width: 390, height: 844 }, colorScheme: "light" as const },
  { device: "phone", viewport: { width: 390, height: 844 }, colorScheme: "dark" as const },
];

async function capture(
  page: Page,
  name: string,
  variant: (typeof VARIANTS)[number],
  testInfo: Parameters<typeof expectAccessible>[1],
) {
  await expectAccessible(page, testInfo);
  if (process.env.UPDATE_SCREENSHOTS === "1") {
    await page.screenshot({ path: path.join(OUT, `${name}-${variant.colorScheme}-${variant.device}.png`) });
  }
}

test.describe.configure({ mode: "serial" });

let seeded: { customerId: string; txId: string; deliveryId: string } | undefined;

/** One customer with an agent's transfer waiting for approval, one completed payment and its delivered webhook. */
async function seed() {
  if (seeded) return seeded;
  const auth = process.env.E2E_SANDBOX_AUTH!;
  const receiver = http.createServer((req, res) => req.resume().on("end", () => res.writeHead(200).end()));
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
  try {
    await call("PATCH", "/config", auth, {
      webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
    });
    const c = await fundedCustomer(auth, "Grace Hopper", `shots-${Date.now().toString(36)}`);
    const agent = await call("POST", "/agents", auth, {
      name: "Bookkeeper",
      customerId: c.customerId,
      policy: {
        permissions: ["VIEW_TRANSACTIONS", "CREATE_QUOTES", "EXECUTE_QUOTES"],
        defaultExecutionMode: "APPROVAL_REQUIRED",
        spendingLimits: { currency: "USD", perTransactionLimit: 100_000 },
      },
    });
    const redeemed = await (
      await fetch(`${api()}/agents/device-codes/${agent.body.deviceCode.code}/redeem`, { method: "POST" })
    ).json();
    const bearer = `Bearer ${redeemed.accessToken}`;
    const quote = await call("POST", "/agents/me/quotes", bearer, {
      source: { sourceType: "ACCOUNT", accountId: c.usd },
      destination: { destinationType: "ACCOUNT", accountId: c.externalId },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 4_200,
    });
    await call("POST", `/agents/me/quotes/${quote.body.id}/execute`, bearer);
    // The funding's webhook is delivered to the receiver: its delivery has one attempt.
    let deliveryId = "";
    await expect
      .poll(
        async () => {
          const d = await call("GET", "/webhooks/deliveries?status=DELIVERED&limit=1", auth);
          deliveryId = d.body.data[0]?.id ?? "";
          return deliveryId;
        },
        { timeout: 20_000 },
      )
      .not.toBe("");
    seeded = { customerId: c.customerId, txId: quote.body.transactionId, deliveryId };
    return seeded;
  } finally {
    await call("PATCH", "/config", auth, { webhookUrl: null });
    receiver.closeAllConnections();
    await new Promise<void>((r) => receiver.close(() => r()));
  }
}

for (const variant of VARIANTS) {
  test.describe(`${variant.device} ${variant.colorScheme}`, () => {
    test.use({ viewport: variant.viewport, colorScheme: variant.colorScheme });

    test(`screens (${variant.device}, ${variant.colorScheme}): console and API reference pass axe`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(180_000);
      const s = await seed();
      await consoleSignIn(page, "en");
      await capture(page, "console-overview", variant, testInfo);
      const screens: [string, string, string | RegExp][] = [
        ["console-customers", "/console/customers", "Customers"],
        ["console-customer", `/console/customers/${s.customerId}`, "Grace Hopper"],
        ["console-approvals", "/console/approvals", "Approvals"],
        ["console-transactions", "/console/transactions", "Transactions"],
        ["console-transaction", `/console/transactions/${s.txId}`, /\$42\.00/],
        ["console-webhook", `/console/webhooks/${s.deliveryId}`, /\./],
        ["console-agents", "/console/agents", "Agents"],
        ["console-tokens", "/console/tokens", "API tokens"],
      ];
      for (const [name, url, heading] of screens) {
        await page.goto(url);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await capture(page, name, variant, testInfo);
      }
      await page.goto("/docs/agent-management#createAgent");
      await expect(page.getByRole("heading", { level: 2, name: "Create an agent" })).toBeInViewport();
      await capture(page, "docs", variant, testInfo);
    });
  });
}
