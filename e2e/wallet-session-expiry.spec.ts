import { expect, test, timed } from "./fixtures";
import { demoSignIn, emailUnlock, expectSignedInWallet, sessionIdOf, uniqueEmail } from "./support/flows";

async function setLifetime(seconds: number): Promise<void> {
  const r = await fetch(`${process.env.E2E_BASE_URL}/api/2025-10-13/config`, {
    method: "PATCH",
    headers: { authorization: process.env.E2E_SANDBOX_AUTH!, "content-type": "application/json" },
    body: JSON.stringify({ sessionLifetimeSeconds: seconds }),
  });
  expect(r.status).toBe(200);
}

test.describe("session expiry", () => {
  test.afterEach(async () => setLifetime(900));

  test("the page shows the expiry and refreshes the session before it lapses", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await setLifetime(60);
    await demoSignIn(page, uniqueEmail("expiry"));
    await emailUnlock(page);
    await expectSignedInWallet(page);
    await expect(page.getByTestId("session-remaining")).toHaveText(/^[01]:\d\d$/);
    const first = await sessionIdOf(page);
    const expiry = Date.parse((await page.getByTestId("session-expiry").getAttribute("datetime"))!);
    // The refresh starts a third of the lifetime (20 s) before expiry, so the key never lapses.
    await timed(testInfo, "automatic refresh before expiry", async () => {
      await expect(page.getByTestId("session-card")).not.toHaveAttribute("data-session-id", first, { timeout: 60_000 });
    });
    expect(Date.now()).toBeLessThan(expiry);
    const next = Date.parse((await page.getByTestId("session-expiry").getAttribute("datetime"))!);
    expect(next).toBeGreaterThan(expiry);
    await expectSignedInWallet(page);
  });
});
