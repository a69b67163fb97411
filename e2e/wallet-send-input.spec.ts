/**
 * Where people would stop and stare on the wallet's Send card: bad amounts and addresses are said to
 * be bad input, in words, next to the field (never "something went wrong"); more decimals than the currency has
 * are refused, not rounded; the review warns when the balance is too low and will not sign; a failed send is
 * listed, but not as a debit.
 */
import { expect, expectAccessible, test } from "./fixtures";
import { demoSignIn, emailUnlock, expectSignedInWallet, uniqueEmail } from "./support/flows";

test("Send: bad amounts, too many decimals, a low balance, a malformed address, a failed send", async ({
  page,
}, testInfo) => {
  await demoSignIn(page, uniqueEmail("send-input"));
  await emailUnlock(page);
  await expectSignedInWallet(page);
  await page.getByLabel("Amount (USDB)").first().fill("20");
  await page.getByRole("button", { name: "Simulate incoming payment" }).click();
  await expect(page.getByTestId("balance")).toHaveText("20.00 USDB");

  // A beneficiary whose bank refuses payments (sandbox suffix 003 → ACCOUNT_CANNOT_RECEIVE).
  await page.goto("/wallet/accounts");
  await page.getByLabel("Account type").selectOption("USD_ACCOUNT");
  await page.getByLabel("Account number").fill("123456003");
  await page.getByLabel("Routing number").fill("021000021");
  await page.getByLabel("Account holder's full name").fill("Ada Lovelace");
  await page.getByRole("button", { name: "Add account" }).click();
  await expect(page.getByTestId("external-account")).toHaveCount(1);
  await page.goto("/wallet");
  await expect(page.getByTestId("balance")).toHaveText("20.00 USDB");

  const amount = page.locator("#send-amount");
  const review = page.getByRole("button", { name: "Review payment" });
  const amountError = page.locator("#send-amount-error");
  for (const bad of ["-3", "0", "abc"]) {
    await amount.fill(bad);
    await review.click();
    await expect(amountError).toHaveText("Enter an amount greater than zero, in digits (for example 10 or 10.50).");
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(/Something went wrong/)).toHaveCount(0);
    await expect(page.getByTestId("quote")).toHaveCount(0);
  }
  // USDB has 6 decimals: a 7th is refused rather than rounded.
  await amount.fill("1.1234567");
  await review.click();
  await expect(amountError).toContainText("USDB amounts have at most 6 decimals");
  await expect(page.getByTestId("quote")).toHaveCount(0);
  await expectAccessible(page, testInfo);

  // More than the balance: the review says so and offers no signature.
  await amount.fill("25");
  await review.click();
  const quote = page.getByTestId("quote");
  await expect(quote.getByTestId("quote-balance-low")).toContainText(
    "Your balance (20.00 USDB) is lower than this payment",
  );
  await expect(quote.getByRole("button", { name: "Confirm and sign" })).toBeDisabled();
  await expectAccessible(page, testInfo);

  // A malformed UMA address is called malformed (not "could not be found"), before any request.
  await page.getByRole("radio", { name: "An UMA address" }).check();
  await page.getByRole("textbox", { name: "UMA address" }).fill("alice-at-example");
  await amount.fill("5");
  await review.click();
  await expect(page.locator("#send-uma-error")).toHaveText(
    "That is not a payment address: it looks like $name@example.com.",
  );
  await expect(page.getByTestId("quote")).toHaveCount(0);

  // A send the bank refuses fails: listed, struck through, and not as a debit; the balance is untouched.
  await page.getByRole("radio", { name: "One of my accounts" }).check();
  await amount.fill("10");
  await review.click();
  await quote.getByRole("button", { name: "Confirm and sign" }).click();
  await expect(quote.getByTestId("send-result")).toContainText("The payment failed");
  const row = page.getByTestId("history-row").first();
  await expect(row).toContainText("Failed");
  await expect(row.getByTestId("history-amount")).toHaveAttribute("data-moved", "false");
  await expect(row.getByTestId("history-amount")).toHaveText("10.00 USDB");
  await expect(row).toContainText("Not sent: nothing left your wallet");
  await expect(page.getByTestId("balance")).toHaveText("20.00 USDB");
  await expectAccessible(page, testInfo);
});
