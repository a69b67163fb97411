import { type BrowserContext, expect, type Page } from "@playwright/test";

export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;

/** Sandbox "demo customer" sign-in to the integrator site through its sign-in page. */
export async function demoSignInThroughPage(page: Page, email: string): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Sign in as demo customer" }).click();
  await page.waitForURL("**/wallet");
}

/**
 * The demo sign-in's two requests, as the sign-in page sends them (app/(wallet)/site-auth.ts): the CSRF token, then
 * the demo provider's callback; the session cookie lands in the browser context.
 */
export async function demoSession(context: BrowserContext, email: string, name = ""): Promise<void> {
  const { csrfToken } = await (await context.request.get("/integrator/api/auth/csrf")).json();
  const r = await context.request.post("/integrator/api/auth/callback/demo", {
    form: { email, name, csrfToken, callbackUrl: "/wallet", json: "true" },
  });
  const url = ((await r.json().catch(() => ({}))) as { url?: string }).url;
  expect(
    r.ok() && url && !new URL(url, process.env.E2E_BASE_URL).searchParams.get("error"),
    `${r.status()} ${url}`,
  ).toBe(true);
}

/**
 * Signed in as a new demo customer, on /wallet: for specs about the wallet, not about its sign-in page (site.spec.ts
 * and the first wallet journey sign in through the page).
 */
export async function demoSignIn(page: Page, email: string): Promise<void> {
  await demoSession(page.context(), email);
  await page.goto("/wallet");
}

/** The loopback OpenID provider's real development login page (any login/password), then consent. */
export async function loginAtProvider(page: Page, login: string): Promise<void> {
  await page.waitForURL((u) => u.origin === process.env.E2E_OIDC_ISSUER);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any-password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  // Consent is asked once per grant; otherwise the provider redirects back straight away.
  const issuer = process.env.E2E_OIDC_ISSUER!;
  const consent = page.getByRole("button", { name: "Continue", exact: true });
  await Promise.race([consent.waitFor(), page.waitForURL((u) => u.origin !== issuer)]);
  if (new URL(page.url()).origin === issuer) {
    await consent.click();
    await page.waitForURL((u) => u.origin !== issuer);
  }
}

/** Wallet keys in this page's IndexedDB (the record exists; its private key is a non-extractable CryptoKey). */
export async function storedKey(page: Page): Promise<{ present: boolean; extractable?: boolean; type?: string }> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open("wallet-keys", 1);
        req.onupgradeneeded = () => req.result.createObjectStore("keys");
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const db = req.result;
          const get = db.transaction("keys", "readonly").objectStore("keys").get("current-session");
          get.onsuccess = () => {
            const v = get.result as { privateKey?: CryptoKey } | undefined;
            db.close();
            resolve(
              v
                ? { present: true, extractable: v.privateKey?.extractable, type: v.privateKey?.type }
                : { present: false },
            );
          };
        };
      }),
  );
}

export async function expectSignedInWallet(page: Page): Promise<void> {
  await expect(page.getByTestId("session-card")).toBeVisible();
  const key = await storedKey(page);
  expect(key).toEqual({ present: true, extractable: false, type: "private" });
}

/** Unlock the wallet with the email code (sandbox: always 000000). */
export async function emailUnlock(page: Page, code = "000000"): Promise<void> {
  await page.getByRole("button", { name: "Email me a code" }).click();
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Verify code" }).click();
}

/**
 * The wallet page's overview has arrived (its balance, accounts and activity). The session card is above it and does
 * not move (wallet-email checks that); a step that reads or uses the overview waits for it.
 */
export async function walletOverviewShown(page: Page): Promise<void> {
  await expect(page.getByRole("region", { name: "Balance" })).toBeVisible();
}

/** Lock the wallet: the session is revoked and the key deleted; the unlock card comes back. */
export async function lockWallet(page: Page): Promise<void> {
  await page.goto("/wallet");
  await walletOverviewShown(page);
  await page.getByRole("button", { name: "Lock wallet" }).click();
  await expect(page.getByRole("heading", { name: "Unlock your wallet" })).toBeVisible();
}

/** The OTP in a received mail (6 digits on their own). */
export function otpFromMail(raw: string): string {
  const body = raw.replace(/=\r?\n/g, "");
  const m = /(?:^|[^0-9])([0-9]{6})(?:[^0-9]|$)/m.exec(
    body
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join("\n"),
  );
  if (!m) throw new Error(`no 6-digit code in the mail:\n${raw.slice(0, 2000)}`);
  return m[1];
}

/** The id of the wallet session this page holds (kept out of sight, on the session card). */
export async function sessionIdOf(page: Page): Promise<string> {
  return (await page.getByTestId("session-card").getAttribute("data-session-id"))!;
}

/** The balance as shown, once the wallet is unlocked. */
export async function balanceText(page: Page): Promise<string> {
  await expect(page.getByTestId("balance")).toBeVisible();
  return (await page.getByTestId("balance").textContent())!.trim();
}

/** Export with its safeguards: the acknowledgement, a fresh email-code unlock (sandbox 000000), then Reveal. */
export async function exportPhrase(page: Page): Promise<void> {
  const card = page.locator("#export-heading").locator("xpath=ancestor::section[1]");
  await card.getByRole("button", { name: "Continue to export" }).click();
  await card.getByRole("checkbox").check();
  await card.getByRole("button", { name: "Continue to export" }).click();
  await card.getByRole("button", { name: "Email me a code" }).click();
  await card.getByLabel("6-digit code").fill("000000");
  await card.getByRole("button", { name: "Verify code" }).click();
  await card.getByRole("button", { name: "Reveal" }).click();
  await expect(card.getByTestId("export-secret")).toBeVisible();
}
