import { expect, expectAccessible, shot, test, timed } from "./fixtures";
import { demoSignIn, demoSignInThroughPage, loginAtProvider, uniqueEmail } from "./support/flows";

test.describe("integrator site", () => {
  test("pages carry a CSP without unsafe-eval, frame-ancestors 'none' and no third-party script", async ({
    page,
    baseURL,
  }) => {
    const res = await page.goto("/signin");
    const csp = res!.headers()["content-security-policy"];
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(res!.headers()["x-frame-options"]).toBe("DENY");
    const scripts = await page
      .locator("script[src]")
      .evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).src));
    for (const src of scripts) expect(new URL(src).origin).toBe(new URL(baseURL!).origin);
  });

  test("sign-in page is accessible", async ({ page }, testInfo) => {
    await page.goto("/signin");
    await expect(page.getByRole("heading", { name: "Sign in", exact: true })).toBeVisible();
    await expectAccessible(page, testInfo);
    await shot(page, testInfo, "signin");
  });

  test("demo customer sign-in maps the user to a customer and an EMBEDDED_WALLET account", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail("demo");
    await timed(testInfo, "demo sign-in", () => demoSignInThroughPage(page, email));
    const me = await page.evaluate(async () => (await fetch("/integrator/api/wallet/me")).json());
    expect(me.email).toBe(email);
    expect(me.accountId).toMatch(/^InternalAccount:[0-9a-f-]{36}$/);
    expect(me.customerId).toMatch(/^Customer:[0-9a-f-]{36}$/);
    // Same user again: same mapping, no second customer.
    const again = await page.evaluate(async () => (await fetch("/integrator/api/wallet/me")).json());
    expect(again.accountId).toBe(me.accountId);
  });

  test("OIDC sign-in to the site through the loopback provider's real login page", async ({ page }, testInfo) => {
    await timed(testInfo, "OIDC site sign-in", async () => {
      await page.goto("/signin");
      await page.getByRole("button", { name: "Continue with OpenID provider" }).click();
      await loginAtProvider(page, "oidc-site-user@example.test");
      await page.waitForURL("**/wallet");
    });
    const me = await page.evaluate(async () => (await fetch("/integrator/api/wallet/me")).json());
    expect(me.email).toBe("oidc-site-user@example.test");
  });

  test("integrator routes refuse cross-site requests (Origin check) and anonymous callers", async ({
    page,
    baseURL,
  }) => {
    const anon = await page.request.get("/integrator/api/wallet/me");
    expect(anon.status()).toBe(401);
    expect((await anon.json()).code).toBe("UNAUTHENTICATED");
    await demoSignIn(page, uniqueEmail("csrf"));
    const cross = await page.request.post("/integrator/api/wallet/credentials", {
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      data: { type: "EMAIL_OTP" },
    });
    expect(cross.status()).toBe(403);
    expect((await cross.json()).code).toBe("CSRF_ORIGIN_MISMATCH");
    const same = await page.request.post("/integrator/api/wallet/passkey/options", {
      headers: { origin: new URL(baseURL!).origin },
      data: {},
    });
    expect(same.status()).not.toBe(403);
  });
});

test("wallet page weight: first-load JavaScript (gzip) is measured and bounded", async ({ page }, testInfo) => {
  const { gzipSync } = await import("node:zlib");
  await demoSignIn(page, uniqueEmail("weight"));
  const scripts: Promise<Buffer>[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") scripts.push(r.body());
  });
  await page.goto("/wallet", { waitUntil: "networkidle" });
  const bodies = await Promise.all(scripts);
  const raw = bodies.reduce((n, b) => n + b.length, 0);
  const gz = bodies.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
  testInfo.annotations.push({
    type: "wallet-first-load-js",
    description: `${bodies.length} scripts, ${raw} B raw, ${gz} B gzip`,
  });
  // All first-party (no third-party scripts), and a budget that catches an accidental heavy import.
  expect(gz).toBeLessThan(350_000);
});

test("home and API reference pages are accessible", async ({ page }, testInfo) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Example wallet" })).toBeVisible();
  await expectAccessible(page, testInfo);
  await shot(page, testInfo, "home");
  await page.goto("/docs");
  await expectAccessible(page, testInfo);
  await shot(page, testInfo, "docs");
});
