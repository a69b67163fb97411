/**
 * Journey "Find a customer": an operator finds a customer by what they know — the email, then part of the name — in the
 * console's customer list (the console's backend searches names, emails and phone numbers: Grid's list has no
 * such filter), and opens it. A mistyped filter reads as a sentence with the code under "Details". The customer is
 * made as a person makes one (the wallet's demo sign-in with an email and a name). Desktop and phone, English and
 * German, axe-clean.
 */
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import {
  JOURNEY_VARIANTS,
  consoleMessages,
  consoleNav,
  consoleSignIn,
  demoCustomer,
  journeyShot,
  runTag,
} from "./support/journeys";

const rows = (page: Page) => page.locator('[data-testid="customer-row"]:visible');

for (const v of JOURNEY_VARIANTS) {
  test.describe(`${v.lang} ${v.device}`, () => {
    test.use({ viewport: v.viewport, locale: v.locale });

    test(`find a customer by email and by name (${v.lang}, ${v.device})`, async ({ page, browser }, testInfo) => {
      const m = consoleMessages(v.lang);
      const tag = runTag();
      const email = `mina.finder-${tag}@example.test`;
      const name = `Mina Fändrich ${tag}`;
      await demoCustomer(browser, email, name);

      await consoleSignIn(page, v.lang);
      await consoleNav(page, v.lang, "customers");
      const search = page.getByRole("searchbox", { name: m.customers.search });
      await expect(search).toHaveAttribute("placeholder", m.customers.searchHint);

      // By email, typed in another case: exactly this customer.
      await search.fill(email.toUpperCase());
      await page.getByRole("button", { name: m.common.apply }).click();
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page).first()).toContainText(name);
      await expect(rows(page).first()).toContainText(email);
      await expectAccessible(page, testInfo);

      // By part of the name, without its accent: the same customer.
      await search.fill(`mina fandrich ${tag}`);
      await page.getByRole("button", { name: m.common.apply }).click();
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page).first()).toContainText(email);

      // A mistyped filter: a sentence naming the field as the form does, the code only under "Details".
      await page.getByLabel(m.customers.region).fill("Germany");
      await page.getByRole("button", { name: m.common.apply }).click();
      const status = page.getByRole("status");
      await expect(status).toContainText(
        m.errors.invalidFields.replace("{fields}", m.customers.region).replace(/\s+$/, ""),
      );
      await expect(status.locator("p")).not.toContainText("INVALID_INPUT");
      await status.getByText(m.common.details).click();
      await expect(status.locator("code")).toContainText("INVALID_INPUT");
      await expectAccessible(page, testInfo);
      await page.getByLabel(m.customers.region).fill("");
      await page.getByRole("button", { name: m.common.apply }).click();
      await expect(rows(page)).toHaveCount(1);

      // Open it: the customer's page with its email.
      await rows(page).first().getByRole("link", { name }).click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(page.getByText(email).first()).toBeVisible();
      await expectAccessible(page, testInfo);
      await journeyShot(page, "journey-find-customer", v);
    });
  });
}
