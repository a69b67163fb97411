/**
 * What the console takes from the browser: the sign-in page in the browser's language, the theme of the
 * system on first load (no stored choice) and the operator's choice after it, the page asked for reached after
 * signing in, the styled 404 page, the home page's console link, and the Cards page in German without sideways
 * scrolling at 390 px. axe-clean.
 */
import { expect, expectAccessible, test } from "./fixtures";
import { consoleMessages, consoleSignIn } from "./support/journeys";
import { sandboxCredentials } from "./support/api";

test.describe("German, dark system theme, phone", () => {
  test.use({ locale: "de-DE", colorScheme: "dark", viewport: { width: 390, height: 844 } });

  test("sign-in in German and dark; back to the page asked for; Cards page in German within 390 px", async ({
    page,
  }, testInfo) => {
    const m = consoleMessages("de");
    // The wallet's sign-in page follows the same system theme on a first visit (nothing stored).
    await page.goto("/signin");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    // No session: the page asked for comes back after signing in.
    await page.goto("/console/customers?customerType=INDIVIDUAL");
    await expect(page).toHaveURL(/\/console\/login\?next=/);
    await expect(page.getByRole("heading", { level: 1, name: "Plattform-Konsole" })).toBeVisible();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expectAccessible(page, testInfo);
    const { clientId, clientSecret } = sandboxCredentials();
    await page.getByLabel("Client-ID").fill(clientId);
    await page.getByLabel("Client-Secret").fill(clientSecret);
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(/\/console\/customers\?customerType=INDIVIDUAL$/);
    await expect(page.getByRole("heading", { level: 1, name: m.customers.title })).toBeVisible();
    await expectAccessible(page, testInfo);

    // The operator's choice wins over the system's, and stays after a reload.
    await page.getByLabel(m.common.theme).selectOption("light");
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await page.getByLabel(m.common.theme).selectOption("system");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);

    await page.goto("/console/cards");
    await expect(page.getByRole("heading", { level: 1, name: "Karten" })).toBeVisible();
    await expect(page.getByText(m.cards.description)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, testInfo);
  });
});

test.describe("English, light system theme, desktop", () => {
  test.use({ locale: "en-US", colorScheme: "light", viewport: { width: 1280, height: 900 } });

  test("the home page links to the console; a missing page is the styled 404", async ({ page }, testInfo) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Platform console" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Platform console" })).toBeVisible();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);

    const missing = await page.goto("/no-such-page");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Open the console" })).toBeVisible();
    await expectAccessible(page, testInfo);

    await consoleSignIn(page, "en");
    const gone = await page.goto("/console/customers/Customer:00000000-0000-7000-8000-000000000000");
    expect(gone?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });
});
