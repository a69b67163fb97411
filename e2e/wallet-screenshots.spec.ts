import fs from "node:fs";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { demoSignIn, emailUnlock, expectSignedInWallet, uniqueEmail } from "./support/flows";

/**
 * Screenshots of the main wallet screens, light and dark, desktop and phone. With UPDATE_SCREENSHOTS=1 they are
 * written to docs/screenshots/ (committed, shown in README.md and docs/integrator.md); otherwise only kept as test artifacts.
 */
const OUT = process.env.UPDATE_SCREENSHOTS === "1" ? path.resolve("docs/screenshots") : null;
const DEVICES = [
  { device: "desktop", viewport: { width: 1280, height: 800 } },
  { device: "phone", viewport: { width: 390, height: 844 } },
] as const;

async function save(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  // Let the QR code and live figures settle; hide the blinking caret.
  await page.addStyleTag({ content: "*{caret-color:transparent !important}" });
  const file = OUT ? path.join(OUT, `${name}.png`) : testInfo.outputPath(`${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
}

for (const { device, viewport } of DEVICES) {
  for (const scheme of ["light", "dark"] as const) {
    test(`screenshots: ${device}, ${scheme}`, async ({ page }, testInfo) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/signin");
      await save(page, testInfo, `signin-${scheme}-${device}`);
      await demoSignIn(page, uniqueEmail(`shots-${device}-${scheme}`));
      await expect(page.getByRole("heading", { name: "Unlock your wallet" })).toBeVisible();
      await save(page, testInfo, `unlock-${scheme}-${device}`);
      await emailUnlock(page);
      await expectSignedInWallet(page);
      await page.getByLabel("Amount (USDB)").first().fill("120");
      await page.getByRole("button", { name: "Simulate incoming payment" }).click();
      await expect(page.getByTestId("balance")).toHaveText("120.00 USDB");

      await page.goto("/wallet/accounts");
      await page.getByLabel("Account type").selectOption("USD_ACCOUNT");
      await page.getByLabel("Account number").fill("123456789");
      await page.getByLabel("Routing number").fill("021000021");
      await page.getByLabel("Account holder's full name").fill("Ada Lovelace");
      await page.getByRole("button", { name: "Add account" }).click();
      await expect(page.getByTestId("external-account")).toHaveCount(1);
      await save(page, testInfo, `accounts-${scheme}-${device}`);

      await page.goto("/wallet");
      await expect(page.getByTestId("address-qr")).toBeVisible();
      await page.locator("#send-amount").fill("20");
      await page.getByRole("button", { name: "Review payment" }).click();
      await page.getByTestId("quote").getByRole("button", { name: "Confirm and sign" }).click();
      await expect(page.getByTestId("send-result")).toBeVisible();
      await expect(page.getByTestId("history-row")).toHaveCount(2);
      await save(page, testInfo, `wallet-${scheme}-${device}`);

      await page.goto("/wallet/security");
      await expect(page.getByTestId("session-row").first()).toBeVisible();
      await save(page, testInfo, `security-${scheme}-${device}`);
    });
  }
}
