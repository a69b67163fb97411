/**
 * UMA in the wallet and the console, between two self-hosted instances, each on its own database with its own UMA
 * domain (a.internal, b.internal) and its own integrator. A wallet user on A pays $bob@b.internal from the wallet's
 * Send card: the review names the receiver as B's VASP gives him and shows both amounts before anything moves; after
 * the signed confirmation, B's console lists the incoming payment from the sender's UMA address and its page names
 * the sending VASP, a.internal.
 */
import { expect, expectAccessible, test } from "./fixtures";
import { demoSignIn, emailUnlock, expectSignedInWallet, uniqueEmail } from "./support/flows";
import { startUmaWorld, type UmaSite } from "./support/uma-world";

let A: UmaSite;
let B: UmaSite;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  [A, B] = await startUmaWorld(["a.internal", "b.internal"]);
  const bob = await fetch(`${B.api}/customers`, {
    method: "POST",
    headers: { authorization: B.auth, "content-type": "application/json" },
    body: JSON.stringify({
      customerType: "INDIVIDUAL",
      fullName: "Bob Builder",
      email: uniqueEmail("bob"),
      umaAddress: "$bob@b.internal",
      currencies: ["USD"],
      endUserTermsConsent: {
        termsVersion: "V1",
        acceptedAt: new Date().toISOString(),
        acceptanceMethod: "CLICK_TO_ACCEPT",
        ipAddress: "127.0.0.1",
      },
    }),
  });
  expect(bob.status, await bob.clone().text()).toBe(201);
});

test.afterAll(async () => {
  await A?.stop();
  await B?.stop();
});

test("the wallet on A pays $bob@b.internal after seeing his name; B's console shows it from A's VASP", async ({
  browser,
}, testInfo) => {
  const wallet = await browser.newContext({ baseURL: A.url });
  const page = await wallet.newPage();
  await demoSignIn(page, uniqueEmail("uma-payer"));
  await emailUnlock(page);
  await expectSignedInWallet(page);
  await page.getByLabel("Amount (USDB)").first().fill("20");
  await page.getByRole("button", { name: "Simulate incoming payment" }).click();
  await expect(page.getByTestId("balance")).toHaveText("20.00 USDB");

  await page.getByRole("radio", { name: "An UMA address" }).check();
  await page.getByRole("textbox", { name: "UMA address" }).fill("$bob@b.internal");
  await page.locator("#send-amount").fill("5");
  await page.getByRole("button", { name: "Review payment" }).click();
  const quote = page.getByTestId("quote");
  // Before confirming: whom (the name B's VASP gives in its pay-request answer) and how much.
  await expect(quote.getByTestId("quote-to")).toHaveText("To Bob Builder ($bob@b.internal)");
  await expect(quote.getByTestId("quote-send")).toContainText("5");
  await expect(quote.getByTestId("quote-receive")).toContainText("5");
  await expectAccessible(page, testInfo);
  // Nothing has moved yet.
  await expect(page.getByTestId("balance")).toHaveText("20.00 USDB");
  await quote.getByRole("button", { name: "Confirm and sign" }).click();
  await expect(page.getByTestId("balance")).toHaveText("15.00 USDB", { timeout: 30_000 });
  await wallet.close();

  const operator = await browser.newContext({ baseURL: B.url });
  const signIn = await operator.request.post("/console/session", { form: B.credentials, maxRedirects: 0 });
  expect(signIn.status(), await signIn.text()).toBe(303);
  const consolePage = await operator.newPage();
  await consolePage.goto("/console/transactions");
  const row = consolePage.getByRole("row").filter({ hasText: "from $" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Incoming · from $");
  await expect(row).toContainText("@a.internal");
  await expectAccessible(consolePage, testInfo);
  await row.getByRole("link").first().click();
  await consolePage.waitForURL("**/console/transactions/**");
  await expect(consolePage.getByText("Sending VASP")).toBeVisible();
  await expect(consolePage.getByText("a.internal", { exact: true })).toBeVisible();
  await operator.close();
});
