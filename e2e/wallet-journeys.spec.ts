import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, expectAccessible, shot, test, timed, VirtualAuthenticators } from "./fixtures";
import {
  balanceText,
  demoSignIn,
  demoSignInThroughPage,
  emailUnlock,
  expectSignedInWallet,
  exportPhrase,
  lockWallet,
  storedKey,
  uniqueEmail,
} from "./support/flows";

/**
 * The wallet as a person meets it, each journey on a desktop and on a 390×844 phone, axe on every state:
 * first visit → sign-up → balance and address → a sandbox payment that appears without reload → send to an
 * external account → history; SMS and passkey-only sign-in; a remote revoke noticed by every tab of the other
 * device; export with its safeguards.
 */
// The suite's longest file, and its journeys share nothing (each signs up its own person): spread over both
// workers rather than run in one.
test.describe.configure({ mode: "parallel" });

const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

async function addUsdAccount(page: Page, testInfo: TestInfo): Promise<void> {
  await page.goto("/wallet/accounts");
  await page.getByLabel("Account type").selectOption("USD_ACCOUNT");
  await page.getByLabel("Account number").fill("123456789");
  await page.getByLabel("Routing number").fill("021000021");
  await page.getByLabel("Account holder's full name").fill("Ada Lovelace");
  await page.getByRole("button", { name: "Add account" }).click();
  await expect(page.getByTestId("external-account")).toHaveCount(1);
  await expectAccessible(page, testInfo);
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`wallet journeys (${name})`, () => {
    test.use({ viewport });

    test("first visit → email sign-up → balance and address → receive live → send → history", async ({
      page,
    }, testInfo) => {
      await page.goto("/wallet");
      await page.waitForURL("**/signin");
      await expectAccessible(page, testInfo);
      await demoSignInThroughPage(page, uniqueEmail(`journey-${name}`));
      await expect(page.getByRole("heading", { name: "Unlock your wallet" })).toBeVisible();
      await expectAccessible(page, testInfo);

      // Timed like the SMS and passkey sign-ins: from the user's confirming step ("Verify code") to the balance.
      await page.getByRole("button", { name: "Email me a code" }).click();
      await page.getByLabel("6-digit code").fill("000000");
      await timed(testInfo, `email sign-in to balance visible (${name})`, async () => {
        await page.getByRole("button", { name: "Verify code" }).click();
        await expect(page.getByTestId("balance")).toBeVisible();
      });
      await expectSignedInWallet(page);
      // Human figures: a formatted zero balance, the payment address with its QR code; no raw ids or UTC strings.
      expect(await balanceText(page)).toMatch(/^0(\.00)? USDB$/);
      await expect(page.getByTestId("wallet-address")).toHaveText(/^\$[a-z0-9]+@/);
      await expect(page.getByTestId("address-qr")).toBeVisible();
      await expect(page.locator("main")).not.toContainText(/InternalAccount:|Session:|Customer:/);
      await expect(page.locator("main")).not.toContainText(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
      await expect(page.getByText("No payments yet.")).toBeVisible();
      await expectAccessible(page, testInfo);

      // A sandbox payment arrives: the balance and history change with no reload (the page polls its backend).
      const url = page.url();
      await page.getByLabel("Amount (USDB)").first().fill("25");
      await page.getByRole("button", { name: "Simulate incoming payment" }).click();
      await expect(page.getByTestId("balance")).toHaveText("25.00 USDB");
      await expect(page.getByTestId("history-row").first()).toContainText("Incoming payment");
      await expect(page.getByTestId("history-row").first()).toContainText("+25.00 USDB");
      await expect(page.getByTestId("history-row").first()).toContainText("Completed");
      expect(page.url()).toBe(url);
      await expectAccessible(page, testInfo);

      // Send to an external account: a quote with fees and rate, then executed under the wallet's signature.
      await addUsdAccount(page, testInfo);
      await page.goto("/wallet");
      await expect(page.getByTestId("balance")).toHaveText("25.00 USDB");
      await page.locator("#send-amount").fill("10");
      await page.getByRole("button", { name: "Review payment" }).click();
      const quote = page.getByTestId("quote");
      await expect(quote.getByTestId("quote-send")).toContainText("USDB");
      await expect(quote.getByTestId("quote-fees")).toBeVisible();
      await expect(quote.getByTestId("quote-rate")).toContainText("1 USDB =");
      await expect(quote.getByTestId("quote-receive")).toContainText("$");
      await expectAccessible(page, testInfo);
      await timed(testInfo, `send (sign + settle) (${name})`, async () => {
        await quote.getByRole("button", { name: "Confirm and sign" }).click();
        await expect(quote.getByTestId("send-result")).toContainText("completed");
      });
      await expect(quote.getByTestId("send-steps").getByText("Completed")).toBeVisible();
      await expect(page.getByTestId("history-row").first()).toContainText("Sent");
      await expect(page.getByTestId("history-row").first()).toContainText("−10.00 USDB");
      await expect(page.getByTestId("history-row")).toHaveCount(2);
      await expect(page.getByTestId("balance")).toHaveText("15.00 USDB");
      await expectAccessible(page, testInfo);
      await shot(page, testInfo, `wallet-home-${name}`);
    });

    test("send to an UMA address: receiver looked up, quoted, signed, settled, in history", async ({
      page,
    }, testInfo) => {
      await demoSignIn(page, uniqueEmail(`uma-${name}`));
      await emailUnlock(page);
      await expectSignedInWallet(page);
      await page.getByLabel("Amount (USDB)").first().fill("20");
      await page.getByRole("button", { name: "Simulate incoming payment" }).click();
      await expect(page.getByTestId("balance")).toHaveText("20.00 USDB");

      await page.getByRole("radio", { name: "An UMA address" }).check();
      await page.getByRole("textbox", { name: "UMA address" }).fill("$success.usd@sandbox.uma.money");
      await page.locator("#send-amount").fill("5");
      // The integrator backend looks the receiver up, then asks for a quote to its UMA_ADDRESS.
      const lookedUp = page.waitForResponse((r) => r.url().endsWith("/quotes") && r.request().method() === "POST");
      await page.getByRole("button", { name: "Review payment" }).click();
      const quoted = await lookedUp;
      expect(quoted.status()).toBe(201);
      expect((await quoted.json()).destination).toMatchObject({
        destinationType: "UMA_ADDRESS",
        umaAddress: "$success.usd@sandbox.uma.money",
        currency: "USD",
      });
      const quote = page.getByTestId("quote");
      await expect(quote.getByTestId("quote-to")).toContainText("$success.usd@sandbox.uma.money");
      await expect(quote.getByTestId("quote-send")).toContainText("USDB");
      await expect(quote.getByTestId("quote-fees")).toBeVisible();
      await expect(quote.getByTestId("quote-rate")).toContainText("1 USDB =");
      await expect(quote.getByTestId("quote-receive")).toContainText("$");
      await expectAccessible(page, testInfo);

      // Executed like any send: a signed retry with this browser's session key.
      const signed = page.waitForResponse(
        (r) => r.url().includes("/execute") && r.request().headers()["service-wallet-signature"] !== undefined,
      );
      await quote.getByRole("button", { name: "Confirm and sign" }).click();
      expect((await signed).status()).toBeLessThan(400);
      await expect(quote.getByTestId("send-result")).toContainText("completed");
      const row = page.getByTestId("history-row").first();
      await expect(row).toContainText("Sent");
      await expect(row).toContainText("−5.00 USDB");
      await expect(row.getByTestId("history-counterparty")).toHaveText("To $success.usd@sandbox.uma.money");
      await expect(row).toContainText("Completed");
      await expect(page.getByTestId("balance")).toHaveText("15.00 USDB");
      await expectAccessible(page, testInfo);
      await shot(page, testInfo, `wallet-send-uma-${name}`);
    });

    test("SMS code sign-in", async ({ page }, testInfo) => {
      await demoSignIn(page, uniqueEmail(`sms-${name}`));
      await emailUnlock(page);
      await expectSignedInWallet(page);
      await page.goto("/wallet/security");
      // One session: this browser's email-code unlock.
      await expect(page.getByTestId("session-row")).toHaveCount(1);
      await page.getByLabel("Phone number").fill("+4915112345678");
      await page.getByRole("button", { name: "Add phone" }).click();
      // The phone is kept only once the code texted to it is entered: a wrong code is refused.
      const confirm = page.locator("section", { has: page.getByRole("heading", { name: "Confirm your phone" }) });
      await confirm.getByRole("button", { name: "Text me a code" }).click();
      await expect(confirm.getByText("Code sent to +4915112345678.")).toBeVisible();
      // Asking again at once is rate limited: the button counts down instead of waiting silently.
      await expect(confirm.getByRole("button", { name: /New code in \d+s/ })).toBeDisabled();
      await expectAccessible(page, testInfo);
      await confirm.getByLabel("6-digit code").fill("999999");
      await confirm.getByRole("button", { name: "Verify code" }).click();
      await expect(confirm.getByRole("alert")).toBeVisible();
      await confirm.getByLabel("6-digit code").fill("000000");
      await timed(testInfo, `SMS code check (${name})`, async () => {
        await confirm.getByRole("button", { name: "Verify code" }).click();
        await expect(page.getByText("Text message code added for +4915112345678")).toBeVisible();
      });
      // The check unlocked the wallet with the new method; the session it replaced was ended, not left behind.
      await expect(page.getByTestId("session-row")).toHaveCount(1);
      await expect(page.getByTestId("session-row")).toContainText("Text message code");
      await page.goto("/wallet");
      await expect(page.getByTestId("session-credential")).toContainText("Text message code: +4915112345678");
    });

    test("passkey-only sign-in, and a cancelled prompt returns at once", async ({ page, webauthn }, testInfo) => {
      await demoSignIn(page, uniqueEmail(`passkey-${name}`));
      await emailUnlock(page);
      await expectSignedInWallet(page);
      const auth = await webauthn.add();
      await page.goto("/wallet/security");
      await page.getByLabel("Name", { exact: true }).fill("Phone");
      await page.getByRole("button", { name: "Add passkey" }).click();
      await expect(page.getByText("Passkey Phone added")).toBeVisible();
      // Passkey-only: the email code goes (signed by a session of another credential: unlock with the passkey first).
      await lockWallet(page);
      await page.getByRole("button", { name: "Use passkey “Phone”" }).click();
      await expectSignedInWallet(page);
      await page.goto("/wallet/security");
      const emailRow = page.getByTestId("credential-row").filter({ hasText: "Email code" });
      await emailRow.getByRole("button", { name: /Remove/ }).click();
      // Remove asks first.
      await expect(emailRow).toContainText("You will no longer be able to unlock with it.");
      await emailRow.getByRole("button", { name: "Yes, remove" }).click();
      await expect(page.getByTestId("credential-row")).toHaveCount(1);
      // The last sign-in method offers no Remove.
      await expect(page.getByTestId("last-method")).toBeVisible();
      await expect(page.getByTestId("credential-row").getByRole("button", { name: /Remove/ })).toHaveCount(0);
      await lockWallet(page);
      await expect(page.getByRole("button", { name: "Email me a code" })).toHaveCount(0);
      await expectAccessible(page, testInfo);
      await timed(testInfo, `passkey sign-in to balance visible (${name})`, async () => {
        await page.getByRole("button", { name: "Use passkey “Phone”" }).click();
        await expect(page.getByTestId("balance")).toBeVisible();
      });

      // No authenticator holds the key: the prompt can be cancelled, and the page says what to do next.
      await lockWallet(page);
      const keys = await webauthn.credentials(auth);
      await webauthn.remove(auth);
      await page.getByRole("button", { name: "Use passkey “Phone”" }).click();
      await page.getByRole("button", { name: "Cancel" }).click();
      const alert = page.locator("main").getByRole("alert");
      await expect(alert).toContainText("The passkey prompt was closed", { timeout: 3_000 });
      await expect(alert).toContainText("WEBAUTHN_CANCELLED");
      await expectAccessible(page, testInfo);
      await webauthn.add(keys);
      await page.getByRole("button", { name: "Use passkey “Phone”" }).click();
      await expect(page.getByTestId("balance")).toBeVisible();
    });

    test("remote revoke: the other device notices within 5 s in every tab, also after reload", async ({
      browser,
      page,
    }, testInfo) => {
      const email = uniqueEmail(`revoke-${name}`);
      // Laptop: two tabs of one browser.
      await demoSignIn(page, email);
      await emailUnlock(page);
      await expectSignedInWallet(page);
      const secondTab = await page.context().newPage();
      await secondTab.goto("/wallet");
      await expectSignedInWallet(secondTab);

      // Phone: another browser, same person.
      const phone = await newDevice(browser, viewport);
      await demoSignIn(phone, email);
      await emailUnlock(phone);
      await expectSignedInWallet(phone);
      await phone.goto("/wallet/security");
      const laptopRow = phone.getByTestId("session-row").filter({ hasNotText: "this device" });
      await expect(laptopRow).toHaveCount(1);
      await expect(laptopRow).toContainText(/Chrome on (Linux|Windows|macOS)/);
      await expect(laptopRow).toContainText("Last active");
      await expect(phone.getByTestId("session-row").filter({ hasText: "this device" })).toHaveCount(1);
      await expectAccessible(phone, testInfo);
      await shot(phone, testInfo, `sessions-${name}`);

      await laptopRow.getByRole("button", { name: /End session/ }).click();
      await laptopRow.getByRole("button", { name: "Yes, end it" }).click();
      await expect(phone.getByText("Session ended")).toBeVisible();
      for (const tab of [page, secondTab]) {
        await expect(tab.getByTestId("revoked-notice")).toBeVisible({ timeout: 5_000 });
        await expect(tab.getByTestId("balance")).toHaveCount(0);
      }
      await expectAccessible(page, testInfo);
      await page.reload();
      await expect(page.getByRole("heading", { name: "Unlock your wallet" })).toBeVisible();
      await expect(page.getByTestId("balance")).toHaveCount(0);
      expect(await storedKey(page)).toEqual({ present: false });
      await phone.context().close();
    });

    test("export with its safeguards: acknowledgement, re-authentication, copy, auto-hide countdown", async ({
      page,
    }, testInfo) => {
      await demoSignIn(page, uniqueEmail(`export-${name}`));
      await emailUnlock(page);
      await expectSignedInWallet(page);
      await page.goto("/wallet/security");
      const card = page.locator("#export-heading").locator("xpath=ancestor::section[1]");
      await card.getByRole("button", { name: "Continue to export" }).click();
      // Without the acknowledgement the export cannot go on.
      await expect(card.getByRole("button", { name: "Continue to export" })).toBeDisabled();
      await expectAccessible(page, testInfo);
      await page.reload();
      await exportPhrase(page);
      const words = (await card.getByTestId("export-secret").textContent())!.trim().split(/\s+/);
      expect(words).toHaveLength(24);
      await expect(card.getByTestId("export-hides")).toHaveText(/Hidden again in (60|59|58|57|56|55)s/);
      await expect(card.getByRole("button", { name: "Copy phrase" })).toBeVisible();
      await expectAccessible(page, testInfo);
      await card.getByRole("button", { name: "Done, hide it" }).click();
      await expect(card.getByTestId("export-secret")).toHaveCount(0);
    });
    test("German and dark: the catalogue, per-locale amounts and dates, and axe in the dark theme", async ({
      page,
    }, testInfo) => {
      await page.emulateMedia({ colorScheme: "dark" });
      await demoSignIn(page, uniqueEmail(`de-${name}`));
      await page.context().addCookies([{ name: "ui-locale", value: "de", url: process.env.E2E_BASE_URL! }]);
      await page.reload();
      await expect(page.locator("html")).toHaveClass(/dark/);
      await expect(page.getByRole("heading", { name: "Wallet entsperren" })).toBeVisible();
      await expectAccessible(page, testInfo);
      await page.getByRole("button", { name: "Code per E-Mail senden" }).click();
      await page.getByLabel("6-stelliger Code").fill("123456");
      await page.getByRole("button", { name: "Code prüfen" }).click();
      await expect(page.locator("main").getByRole("alert")).toContainText("Dieser Code stimmt nicht");
      await expectAccessible(page, testInfo);
      await page.getByLabel("6-stelliger Code").fill("000000");
      await page.getByRole("button", { name: "Code prüfen" }).click();
      await page.getByLabel("Betrag (USDB)").first().fill("1234,5");
      await page.getByRole("button", { name: "Eingehende Zahlung simulieren" }).click();
      await expect(page.getByTestId("balance")).toHaveText("1.234,50 USDB");
      await expect(page.getByTestId("history-row").first()).toContainText("Abgeschlossen");
      await expectAccessible(page, testInfo);
      await page.goto("/wallet/security");
      await expect(page.getByRole("heading", { name: "Geräte und Sitzungen" })).toBeVisible();
      await expectAccessible(page, testInfo);
    });
  });
}

async function newDevice(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport });
  const page = await context.newPage();
  await VirtualAuthenticators.attach(page);
  return page;
}
