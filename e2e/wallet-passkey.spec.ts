import type { Page } from "@playwright/test";
import { expect, expectAccessible, shot, test, timed } from "./fixtures";
import { demoSignIn, emailUnlock, expectSignedInWallet, lockWallet, storedKey, uniqueEmail } from "./support/flows";

test("passkeys: register two (virtual authenticators), sign in with each, revoke with the other credential's session", async ({
  page,
  webauthn,
}, testInfo) => {
  await demoSignIn(page, uniqueEmail("twokeys"));
  await emailUnlock(page);
  await expectSignedInWallet(page);

  // First passkey, on authenticator A.
  const a = await webauthn.add();
  await page.goto("/wallet/security");
  await page.getByLabel("Name").fill("Laptop");
  await timed(testInfo, "passkey registration", async () => {
    await page.getByRole("button", { name: "Add passkey" }).click();
    await expect(page.getByText("Passkey Laptop added")).toBeVisible();
  });
  const laptopKeys = await webauthn.credentials(a);
  expect(laptopKeys).toHaveLength(1);

  // Second passkey on another authenticator (A would refuse: its credential is in excludeCredentials).
  await webauthn.remove(a);
  const b = await webauthn.add();
  await page.getByLabel("Name").fill("Phone");
  await page.getByRole("button", { name: "Add passkey" }).click();
  await expect(page.getByText("Passkey Phone added")).toBeVisible();
  await expect(page.getByTestId("credential-row").filter({ hasText: /Passkey:/ })).toHaveCount(2);
  await expectAccessible(page, testInfo);
  await shot(page, testInfo, "security-two-passkeys");

  // Sign in with "Phone" (authenticator B).
  await lockWallet(page);
  expect(await storedKey(page)).toEqual({ present: false });
  await timed(testInfo, "passkey sign-in", async () => {
    await page.getByRole("button", { name: "Use passkey “Phone”" }).click();
    await expectSignedInWallet(page);
  });
  await expect(page.getByTestId("session-credential")).toContainText("Passkey: Phone");

  // Sign in with "Laptop": its key moved back into an authenticator.
  await lockWallet(page);
  await webauthn.remove(b);
  await webauthn.add(laptopKeys);
  await page.getByRole("button", { name: "Use passkey “Laptop”" }).click();
  await expectSignedInWallet(page);
  await expect(page.getByTestId("session-credential")).toContainText("Passkey: Laptop");

  // Revoking "Laptop" with Laptop's own session is refused, as the page explains.
  await page.goto("/wallet/security");
  await expect(page.locator("#revoke-rule")).toContainText("different");
  const laptopRow = page.getByTestId("credential-row").filter({ hasText: "Laptop" });
  await laptopRow.getByRole("button", { name: /Remove/ }).click();
  await laptopRow.getByRole("button", { name: "Yes, remove" }).click();
  await expect(page.locator("main").getByRole("alert")).toContainText("WALLET_SIGNATURE_INVALID");
  await expect(laptopRow).toHaveCount(1);

  // "Phone" is revoked with Laptop's session.
  await timed(testInfo, "revoke credential", async () => {
    const phoneRow = page.getByTestId("credential-row").filter({ hasText: "Phone" });
    await phoneRow.getByRole("button", { name: /Remove/ }).click();
    await phoneRow.getByRole("button", { name: "Yes, remove" }).click();
    await expect(page.getByText("Removed Passkey: Phone")).toBeVisible();
  });
  await expect(page.getByTestId("credential-row").filter({ hasText: "Phone" })).toHaveCount(0);

  // The email credential is revoked too, then added back from the page (signed by Laptop's session).
  const emailRow = page.getByTestId("credential-row").filter({ hasText: "Email code" });
  await emailRow.getByRole("button", { name: /Remove/ }).click();
  await emailRow.getByRole("button", { name: "Yes, remove" }).click();
  await expect(page.getByText(/Removed Email code/)).toBeVisible();
  await page.getByRole("button", { name: "Add email code" }).click();
  await expect(page.getByText("Email code added")).toBeVisible();
  await expect(page.getByTestId("credential-row").filter({ hasText: "Email code" })).toHaveCount(1);
});

test("revoking a session: the key it held can no longer sign, and the page says why", async ({ page }, testInfo) => {
  await demoSignIn(page, uniqueEmail("revoke"));
  await emailUnlock(page);
  await expectSignedInWallet(page);
  // Keep a copy of this browser's session record, as another tab or device holding the same key would.
  await copyKeyRecord(page, "current-session", "stale-copy");
  await page.goto("/wallet/security");
  await timed(testInfo, "revoke session", async () => {
    const mine = page.getByTestId("session-row").filter({ hasText: "this device" });
    await mine.getByRole("button", { name: /End session/ }).click();
    await mine.getByRole("button", { name: "Yes, end it" }).click();
    await expect(page.getByRole("link", { name: "Unlock your wallet" })).toBeVisible();
  });
  expect(await storedKey(page)).toEqual({ present: false });

  // Put the revoked key back and try to sign with it.
  await copyKeyRecord(page, "stale-copy", "current-session");
  // A revoked key put back never looks unlocked: the page checks with the service first and says why.
  await page.goto("/wallet");
  await expect(page.getByTestId("revoked-notice")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Unlock your wallet" })).toBeVisible();
  await expect(page.getByTestId("balance")).toHaveCount(0);
  expect(await storedKey(page)).toEqual({ present: false });
  await shot(page, testInfo, "revoked-session-error");
});

/** Copy one record of the wallet's IndexedDB key store to another name (as a second tab holding the key would). */
function copyKeyRecord(page: Page, from: string, to: string): Promise<void> {
  return page.evaluate(
    ([src, dst]) =>
      new Promise<void>((resolve, reject) => {
        const req = indexedDB.open("wallet-keys", 1);
        req.onsuccess = () => {
          const t = req.result.transaction("keys", "readwrite");
          const st = t.objectStore("keys");
          const get = st.get(src);
          get.onsuccess = () => st.put(get.result, dst);
          t.oncomplete = () => resolve();
          t.onerror = () => reject(t.error);
        };
      }),
    [from, to] as const,
  );
}
