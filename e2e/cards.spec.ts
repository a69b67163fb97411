/**
 * Cards in the console and the wallet: the end user sees their card masked in the wallet and reveals it — the details
 * come sealed to a key of this browser and are opened here (the integrator backend relays ciphertext only), under a
 * wallet signature made with this browser's session key (the card is wallet-funded: a signed retry); an
 * operator freezes and unfreezes the card in the console, and the wallet shows the state.
 */
import { expect, expectAccessible, shot, test } from "./fixtures";
import { demoSignIn, emailUnlock, expectSignedInWallet, uniqueEmail } from "./support/flows";
import { consoleSignIn } from "./support/journeys";

const api = () => `${process.env.E2E_BASE_URL}/api/2025-10-13`;

async function call(method: string, path: string, body?: unknown) {
  const r = await fetch(`${api()}${path}`, {
    method,
    headers: {
      authorization: process.env.E2E_SANDBOX_AUTH!,
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined };
}

test("the wallet reveals a card in the browser; the console freezes and unfreezes it", async ({ page }, testInfo) => {
  await demoSignIn(page, uniqueEmail("card"));
  // Unlock the wallet: its session key (non-extractable, in this browser) signs the reveal.
  await emailUnlock(page);
  await expectSignedInWallet(page);
  const me = await (await page.request.get("/integrator/api/wallet/me")).json();
  // The cardholder's wallet account (USDB) funds the card.
  const issued = await call("POST", "/cards", {
    cardholderId: me.customerId,
    form: "VIRTUAL",
    fundingSources: [me.accountId],
  });
  expect(issued.status, JSON.stringify(issued.body)).toBe(201);
  const card = issued.body as { id: string; last4: string };

  // Wallet: masked, then revealed in the browser.
  await page.goto("/wallet/cards");
  const item = page.locator(`[data-card-id="${card.id}"]`);
  await expect(item.getByTestId("card-number")).toHaveText(`•••• •••• •••• ${card.last4}`);
  await expect(item.getByTestId("card-cvv")).toHaveText("•••");
  await expectAccessible(page, testInfo);
  // The card is wallet-funded: the reveal is a signed retry, first a 202 challenge, then the retry stamped with this
  // browser's session key answers the sealed details.
  const isReveal = (url: string) => url.includes(`/integrator/api/wallet/cards/`) && url.endsWith("/reveal");
  const challenged = page.waitForResponse((r) => isReveal(r.url()) && r.status() === 202);
  const relayed = page.waitForResponse((r) => isReveal(r.url()) && r.status() === 200);
  await item.getByRole("button", { name: "Show details" }).click();
  expect((await (await challenged).json()).payloadToSign).toContain("ACTIVITY_TYPE_REVEAL_CARD");
  const answered = await relayed;
  expect(answered.request().headers()["service-wallet-signature"]).toBeTruthy();
  const relayBody = await answered.text();
  await expect(item.getByTestId("card-number")).toHaveText(/^4000 00\d{2} \d{4} \d{4}$/);
  const pan = (await item.getByTestId("card-number").textContent())!.replace(/ /g, "");
  expect(pan.slice(-4)).toBe(card.last4);
  await expect(item.getByTestId("card-cvv")).toHaveText(/^\d{3}$/);
  // What crossed the integrator backend is ciphertext: neither the number nor the CVV in clear.
  expect(relayBody).toContain("encryptedCardDetails");
  expect(relayBody).not.toContain(pan);
  expect(relayBody).not.toContain(pan.slice(0, 8));
  await shot(page, testInfo, "wallet-card-revealed");
  await item.getByRole("button", { name: "Hide details" }).click();
  await expect(item.getByTestId("card-number")).toHaveText(`•••• •••• •••• ${card.last4}`);

  // Console: the operator freezes the card.
  await consoleSignIn(page, "en");
  await page.goto("/console/cards");
  const row = page.locator(`[data-card-id="${card.id}"]`);
  await expect(row.getByTestId("card-state")).toHaveText("ACTIVE");
  await expectAccessible(page, testInfo);
  await row.getByRole("button", { name: `Freeze card ending ${card.last4}` }).click();
  await expect(page.getByRole("status")).toHaveText(`Card ending ${card.last4} is FROZEN`);
  await expect(row.getByTestId("card-state")).toHaveText("FROZEN");
  expect((await call("GET", `/cards/${card.id}`)).body.state).toBe("FROZEN");
  await shot(page, testInfo, "console-card-frozen");

  // A frozen card declines; the wallet shows the state.
  const declined = await call("POST", `/sandbox/cards/${card.id}/simulate/authorization`, {
    amount: 100,
    currency: { code: "USD" },
    merchant: { descriptor: "COFFEE SHOP" },
  });
  expect(declined.status).toBe(202);
  await page.goto("/wallet/cards");
  await expect(page.locator(`[data-card-id="${card.id}"]`).getByTestId("wallet-card-state")).toHaveAttribute(
    "data-state",
    "FROZEN",
  );

  await page.goto("/console/cards?state=FROZEN");
  await page
    .locator(`[data-card-id="${card.id}"]`)
    .getByRole("button", { name: `Unfreeze card ending ${card.last4}` })
    .click();
  await expect(page.getByRole("status")).toHaveText(`Card ending ${card.last4} is ACTIVE`);
  expect((await call("GET", `/cards/${card.id}`)).body.state).toBe("ACTIVE");
});
