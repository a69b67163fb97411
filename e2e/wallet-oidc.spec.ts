import { expect, expectAccessible, shot, test, timed } from "./fixtures";
import {
  demoSignIn,
  emailUnlock,
  expectSignedInWallet,
  lockWallet,
  loginAtProvider,
  uniqueEmail,
} from "./support/flows";

test("OIDC: link an identity through the loopback provider's login page, then unlock the wallet with it", async ({
  page,
}, testInfo) => {
  const login = uniqueEmail("oidc-wallet");
  await demoSignIn(page, uniqueEmail("oidc-owner"));
  await emailUnlock(page);
  await expectSignedInWallet(page);

  await page.goto("/wallet/security");
  await timed(testInfo, "OIDC link (registration)", async () => {
    await page.getByRole("button", { name: "Link OpenID identity" }).click();
    await loginAtProvider(page, login);
    await page.waitForURL("**/wallet/security**");
    await expect(page.getByText(`OpenID identity ${login} linked`)).toBeVisible();
  });
  await expect(page.getByTestId("credential-row").filter({ hasText: "OpenID" })).toContainText(login);
  // The token travelled in the fragment only, and the page removed it.
  expect(new URL(page.url()).hash).toBe("");

  await lockWallet(page);
  await timed(testInfo, "OIDC sign-in (nonce = SHA-256 of the client key)", async () => {
    await page.getByRole("button", { name: `Continue with ${login}` }).click();
    await loginAtProvider(page, login);
    await page.waitForURL("**/wallet**");
    await expectSignedInWallet(page);
  });
  await expect(page.getByTestId("session-credential")).toContainText(`OpenID: ${login}`);
  await expectAccessible(page, testInfo);
  await shot(page, testInfo, "wallet-oidc-session");
});

test("OIDC: a different identity at the provider cannot open the wallet's OAUTH credential", async ({ page }) => {
  const login = uniqueEmail("oidc-right");
  await demoSignIn(page, uniqueEmail("oidc-owner2"));
  await emailUnlock(page);
  await expectSignedInWallet(page);
  await page.goto("/wallet/security");
  await page.getByRole("button", { name: "Link OpenID identity" }).click();
  await loginAtProvider(page, login);
  await expect(page.getByText(`OpenID identity ${login} linked`)).toBeVisible();
  await lockWallet(page);
  await page.getByRole("button", { name: `Continue with ${login}` }).click();
  await loginAtProvider(page, uniqueEmail("oidc-wrong"));
  await page.waitForURL("**/wallet**");
  const alert = page.locator("main").getByRole("alert");
  await expect(alert).toContainText("UNAUTHORIZED");
  await expect(page.getByRole("heading", { name: "Unlock your wallet" })).toBeVisible();
});
