/**
 * Journey "Pay under strong authentication", done through the pages only: a demo customer (who starts
 * with nothing but its USDB wallet) says where they live, adds a beneficiary, opens a USD account and adds sandbox
 * test money, and pays. Living in Germany the payment needs SCA: the phone is verified with a code, the SCA
 * sign-in is a texted code, and the payment held PENDING_AUTHORIZATION is released with its own code. Living in
 * the United States the page says SCA is not needed and the payment goes at once. Desktop in English, phone in
 * German; every screen axe-checked.
 */
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, timed } from "./fixtures";
import { demoSignIn, uniqueEmail } from "./support/flows";
import { endState, fill, JOURNEY_VARIANTS, type JourneyVariant, switchLocale } from "./support/journey";

const usd = (amount: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: "currency", currency: "USD" }).format(amount);
const decimal = (text: string, locale: string) => (locale === "de" ? text.replace(".", ",") : text);

/** Sign in, add a USD beneficiary on the Accounts page, open /wallet/pay and say where the user lives. */
async function start(page: Page, v: JourneyVariant, tag: string, country: string) {
  const { m } = v;
  await demoSignIn(page, uniqueEmail(tag));
  await switchLocale(page, v.locale);
  await page.goto("/wallet/accounts");
  await page.getByLabel(m.accounts.type).selectOption("USD_ACCOUNT");
  await page.getByLabel(m.accounts.field.accountNumber).fill("123456789");
  await page.getByLabel(m.accounts.field.routingNumber).fill("021000021");
  await page.getByLabel(m.accounts.field.fullName).fill("Ada Lovelace");
  await page.getByRole("button", { name: m.accounts.addButton }).click();
  await expect(page.getByTestId("external-account")).toHaveCount(1);

  await page.goto("/wallet/pay");
  await expect(page.getByRole("heading", { level: 1, name: m.pay.title })).toBeVisible();
  // A new customer has no account to pay from: the page offers to open one (it no longer dead-ends).
  await expect(page.getByText(m.pay.noSource)).toBeVisible();
  await page.getByLabel(m.pay.country).selectOption(country);
  await page.getByRole("button", { name: m.pay.saveCountry }).click();
  await expect(page.getByRole("status").filter({ hasText: m.pay.countrySaved.split("{")[0] })).toBeVisible();
}

/** Open a USD account and add $500 of sandbox test money to it. */
async function openAndFund(page: Page, v: JourneyVariant) {
  const { m } = v;
  await page.getByLabel(m.pay.openCurrency).selectOption("USD");
  await page.getByRole("button", { name: m.pay.openAccount }).click();
  await expect(page.getByRole("status")).toHaveText(fill(m.pay.accountOpened, { currency: "USD" }));
  await expect(page.getByLabel(m.pay.from)).toContainText(usd(0, v.locale));
  await page.getByLabel(fill(m.pay.testMoney, { currency: "USD" })).fill("500");
  await page.getByRole("button", { name: m.pay.addTestMoney }).click();
  await expect(page.getByLabel(m.pay.from)).toContainText(usd(500, v.locale));
}

for (const v of JOURNEY_VARIANTS) {
  test.describe(`${v.device}, ${v.locale}`, () => {
    test.use({ viewport: v.viewport });
    const { m } = v;

    test("living in Germany: phone verified, SCA sign-in by text code, the payment authorized with its code", async ({
      page,
    }, testInfo) => {
      await start(page, v, "sca-de", "DE");
      const sca = page.locator("section", { has: page.getByRole("heading", { name: m.pay.scaHeading }) });
      await expect(sca).toContainText(m.pay.scaIntro);
      await expect(page.getByTestId("sca-not-needed")).toHaveCount(0);

      // The phone the codes go to is verified first (contact verification): a wrong code is refused.
      await sca.getByLabel(m.pay.phone).fill(`+49170${String(Date.now()).slice(-7)}`);
      await sca.getByRole("button", { name: m.pay.sendPhoneCode }).click();
      await sca.getByLabel(m.pay.phoneCode).fill("000000");
      await sca.getByRole("button", { name: m.pay.verifyPhone }).click();
      await expect(page.locator("main").getByRole("alert")).toBeVisible();
      await sca.getByLabel(m.pay.phoneCode).fill("123456");
      await sca.getByRole("button", { name: m.pay.verifyPhone }).click();
      await expect(page.getByRole("status")).toHaveText(m.pay.phoneVerified);

      await openAndFund(page, v);
      await expectAccessible(page, testInfo);

      // Bad amounts are refused in the page; more than the balance is flagged before any request.
      const amount = page.getByLabel(fill(m.pay.amountIn, { currency: "USD" }));
      await amount.fill("abc");
      await page.getByRole("button", { name: m.pay.pay, exact: true }).click();
      await expect(page.locator("main").getByRole("alert")).toContainText(fill(m.pay.invalidAmount, { decimals: "2" }));
      await amount.fill("1000");
      await expect(page.getByText(m.pay.tooMuch)).toBeVisible();

      // Without an SCA session the service refuses the payment; the page shows its error object.
      await amount.fill(decimal("12.34", v.locale));
      await page.getByRole("button", { name: m.pay.pay, exact: true }).click();
      await expect(page.locator("main").getByRole("alert")).toContainText("SCA_SESSION_REQUIRED");

      await timed(testInfo, "SCA sign-in (SMS code)", async () => {
        await sca.getByRole("button", { name: m.pay.textMe }).click();
        await sca.getByLabel(m.pay.loginCode).fill("123456");
        await sca.getByRole("button", { name: m.pay.confirm }).click();
        await expect(page.getByTestId("sca-session")).toBeVisible();
      });

      await page.getByRole("button", { name: m.pay.pay, exact: true }).click();
      await expect(page.getByRole("heading", { name: m.pay.authorize })).toBeVisible();
      await expect(page.getByTestId("payment-status")).toHaveAttribute("data-status", "PENDING_AUTHORIZATION");
      await expect(page.getByTestId("payment-status")).toHaveText(m.pay.statusAwaitingCode);
      await expectAccessible(page, testInfo);

      // A wrong code is refused with the service's error object; the right one releases the payment.
      await page.getByLabel(m.pay.payCode).fill("000000");
      await page.getByRole("button", { name: m.pay.authorizeButton }).click();
      await expect(page.locator("main").getByRole("alert")).toContainText("INVALID_INPUT");
      await timed(testInfo, "payment authorization", async () => {
        await page.getByLabel(m.pay.payCode).fill("123456");
        await page.getByRole("button", { name: m.pay.authorizeButton }).click();
        await expect(page.getByTestId("payment-status")).toHaveAttribute("data-status", /PROCESSING|COMPLETED/);
      });
      // The money left the account: the page reads the balance again, $500.00 − $12.34.
      await expect(page.getByLabel(m.pay.from)).toContainText(usd(487.66, v.locale));
      await endState(page, "pay-sca", v);
    });

    test("living in the United States: no SCA asked, the payment goes at once", async ({ page }, testInfo) => {
      await start(page, v, "sca-us", "US");
      await expect(page.getByTestId("sca-not-needed")).toHaveText(m.pay.scaNotNeeded);
      await expect(page.getByRole("heading", { name: m.pay.scaHeading })).toHaveCount(0);
      await openAndFund(page, v);
      await page.getByLabel(fill(m.pay.amountIn, { currency: "USD" })).fill(decimal("12.34", v.locale));
      await page.getByRole("button", { name: m.pay.pay, exact: true }).click();
      await expect(page.getByTestId("payment-status")).toHaveAttribute("data-status", /PROCESSING|COMPLETED/);
      await expect(page.locator("main").getByRole("alert")).toHaveCount(0);
      await expectAccessible(page, testInfo);
      await expect(page.getByLabel(m.pay.from)).toContainText(usd(487.66, v.locale));
      await endState(page, "pay-no-sca", v);
    });
  });
}
