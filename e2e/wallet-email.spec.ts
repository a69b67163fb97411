import { expect, expectAccessible, shot, test, timed } from "./fixtures";
import {
  demoSignIn,
  expectSignedInWallet,
  exportPhrase,
  loginAtProvider,
  otpFromMail,
  sessionIdOf,
  storedKey,
  uniqueEmail,
  walletOverviewShown,
} from "./support/flows";
import { waitForMail } from "./support/smtp-receiver";

test.describe("wallet: email code", () => {
  test("sandbox (000000): unlock, reload keeps the key, export, sign-out deletes the key", async ({
    page,
  }, testInfo) => {
    await demoSignIn(page, uniqueEmail("otp"));
    await expect(page.getByRole("heading", { name: "Unlock your wallet" })).toBeVisible();
    await expectAccessible(page, testInfo);
    await shot(page, testInfo, "wallet-locked");

    // A wrong code: the service's error object with its code, next to the action.
    await page.getByRole("button", { name: "Email me a code" }).click();
    await page.getByLabel("6-digit code").fill("123456");
    await page.getByRole("button", { name: "Verify code" }).click();
    await expect(page.locator("main").getByRole("alert")).toContainText("That code is not right");
    // The service's code stays available under "Details".
    await expect(page.locator("main").getByRole("alert")).toContainText("UNAUTHORIZED");
    await expect(page.locator("main").getByRole("alert")).toContainText("OTP_INVALID");

    await timed(testInfo, "email OTP sign-in (sandbox)", async () => {
      await page.getByLabel("6-digit code").fill("000000");
      await page.getByRole("button", { name: "Verify code" }).click();
      await expectSignedInWallet(page);
    });
    await expect(page.getByTestId("session-credential")).toContainText("Email code");
    await expect(page.getByTestId("session-remaining")).toHaveText(/^1[0-4]:\d\d$/);
    await expectAccessible(page, testInfo);
    await shot(page, testInfo, "wallet-unlocked");

    const sessionId = await sessionIdOf(page);
    // The overview arriving moves nothing a person may be about to click: held back after the reload, it comes in
    // below the session card (above it, it would push the card down, and a click meant for Lock wallet could land on
    // the Send card).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/overview", async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await expect(page.getByTestId("session-card")).toHaveAttribute("data-session-id", sessionId);
    const lock = page.getByRole("button", { name: "Lock wallet" });
    await expect(lock).toBeVisible();
    await expect(page.getByRole("region", { name: "Balance" })).toHaveCount(0);
    const before = await lock.boundingBox();
    release();
    await walletOverviewShown(page);
    expect(await lock.boundingBox()).toEqual(before);
    await page.unroute("**/overview");

    // Refresh: signed by the current session; a new session whose key arrives sealed to this browser.
    await timed(testInfo, "session refresh", async () => {
      await page.getByRole("button", { name: "Renew session now" }).click();
      await expect(page.getByTestId("session-card")).not.toHaveAttribute("data-session-id", sessionId);
    });
    await expectSignedInWallet(page);

    await page.goto("/wallet/security");
    await expect(page.getByRole("heading", { name: "Sign-in methods" })).toBeVisible();
    await expectAccessible(page, testInfo);
    await shot(page, testInfo, "security");
    await timed(testInfo, "wallet export", async () => {
      await exportPhrase(page);
    });
    const words = (await page.getByTestId("export-secret").textContent())!.trim().split(/\s+/);
    expect([12, 15, 18, 21, 24]).toContain(words.length);
    await page.getByRole("button", { name: "Done, hide it" }).click();
    await expect(page.getByTestId("export-secret")).toHaveCount(0);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL("**/signin");
    expect(await storedKey(page)).toEqual({ present: false });
  });

  test("production platform: the code arrives by mail (SMTP receiver), PROCESSING is shown while the provider settles", async ({
    page,
  }, testInfo) => {
    const prod = process.env.E2E_PRODUCTION_URL!;
    const email = uniqueEmail("prod");
    await page.goto(`${prod}/signin`);
    // No demo sign-in on a production platform.
    await expect(page.getByRole("button", { name: "Sign in as demo customer" })).toHaveCount(0);
    await page.getByRole("button", { name: "Continue with OpenID provider" }).click();
    await loginAtProvider(page, email);
    await page.waitForURL(`${prod}/wallet`);

    await timed(testInfo, "email OTP sign-in (production, mail + PROCESSING)", async () => {
      const since = Date.now();
      await page.getByRole("button", { name: "Email me a code" }).click();
      const code = otpFromMail(await waitForMail(process.env.E2E_MAIL_DIR!, email, since - 1000));
      expect(code).not.toBe("000000");
      await page.getByLabel("6-digit code").fill(code);
      await page.getByRole("button", { name: "Verify code" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Waiting for confirmation…" })).toBeVisible();
      await shot(page, testInfo, "processing");
      await expectSignedInWallet(page);
    });
  });
});
