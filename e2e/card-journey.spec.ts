/**
 * Journey "Use a card", done through the pages only: a demo customer unlocks the wallet, receives
 * sandbox money, issues a virtual card on the Cards page, sees a purchase declined (the card may not pull from
 * the wallet yet) with its reason, allows the card to pay from the wallet (a delegated key: three legs signed with
 * this browser's session key), reveals the number, buys something, sees a frozen card decline with its reason,
 * unfreezes it and closes it after confirming. Desktop in English, phone in German; every screen axe-checked.
 */
import { expect, expectAccessible, test, timed } from "./fixtures";
import { call } from "./support/api";
import { demoSignIn, emailUnlock, expectSignedInWallet, uniqueEmail } from "./support/flows";
import { endState, fill, JOURNEY_VARIANTS, switchLocale } from "./support/journey";

for (const v of JOURNEY_VARIANTS) {
  test.describe(`${v.device}, ${v.locale}`, () => {
    test.use({ viewport: v.viewport });
    const { m } = v;

    test("issue a card, let it pay from the wallet, reveal it, buy, see declines with their reason, freeze, close", async ({
      page,
    }, testInfo) => {
      await demoSignIn(page, uniqueEmail("card-journey"));
      await emailUnlock(page);
      await expectSignedInWallet(page);
      await switchLocale(page, v.locale);
      await page.reload();

      // Money in the wallet: the sandbox's simulated incoming payment on the home page.
      const receive = page.locator("section", {
        has: page.getByRole("heading", { name: m.home.receive, exact: true }),
      });
      await receive.getByLabel(fill(m.home.receiveAmount, { currency: "USDB" })).fill("50");
      await receive.getByRole("button", { name: m.home.receiveButton }).click();
      await expect(
        page.getByRole("status").filter({ hasText: m.home.received.split("{amount}")[1].trim() }),
      ).toBeVisible();

      await page.goto("/wallet/cards");
      await expect(page.getByRole("heading", { level: 1, name: m.cards.title })).toBeVisible();
      await expect(page.getByText(m.cards.none)).toBeVisible();
      await page.getByRole("button", { name: m.cards.issue }).click();
      const card = page.getByTestId("wallet-card");
      await expect(card).toHaveCount(1);
      await expect(card.getByTestId("wallet-card-state")).toHaveAttribute("data-state", "ACTIVE");
      const last4 = (await card.getByTestId("card-number").textContent())!.slice(-4);
      await expect(page.getByRole("status")).toHaveText(fill(m.cards.issued, { last4 }));
      await expect(card.getByTestId("card-wallet-grant")).toHaveText(m.cards.notFromWallet);
      await expectAccessible(page, testInfo);
      // The wallet names its cards: the sandbox issuer reads that name's ending, never the customer's id (which
      // ends in 002, a rejected card, for about 1 customer in 4,096).
      const me = await (await page.request.get("/integrator/api/wallet/me")).json();
      const listed = await call(
        "GET",
        `/cards?cardholderId=${encodeURIComponent(me.customerId)}`,
        process.env.E2E_SANDBOX_AUTH!,
      );
      expect(listed.body.data.map((c: { platformCardId: string }) => c.platformCardId)).toEqual([
        expect.stringMatching(/^card-[0-9a-f-]{36}-wallet$/),
      ]);

      // Before the grant the card cannot pull from the wallet: the purchase is declined, with its reason shown.
      const activity = card.getByTestId("card-activity");
      await card.getByRole("button", { name: m.cards.simulateButton }).click();
      const noFunds = fill(m.cards.purchaseDeclined, { reason: m.cards.decline.INSUFFICIENT_FUNDS });
      await expect(page.getByRole("status")).toHaveText(noFunds);
      await expect(activity.first()).toHaveAttribute("data-status", "DECLINED");
      await expect(activity.first()).toContainText(m.cards.decline.INSUFFICIENT_FUNDS);

      await timed(testInfo, "grant the card the wallet (three signed legs)", async () => {
        await card.getByRole("button", { name: m.cards.grant }).click();
        await expect(page.getByRole("status")).toHaveText(fill(m.cards.granted, { last4 }));
      });
      await expect(card.getByTestId("card-wallet-grant")).toHaveText(m.cards.paysFromWallet);

      // Reveal: the number and CVV opened in this browser.
      await card.getByRole("button", { name: m.cards.show }).click();
      await expect(card.getByTestId("card-number")).toHaveText(new RegExp(`^\\d{4} \\d{4} \\d{4} ${last4}$`));
      await expect(card.getByTestId("card-cvv")).toHaveText(/^\d{3}$/);
      await card.getByRole("button", { name: m.cards.hide }).click();
      await expect(card.getByTestId("card-cvv")).toHaveText("•••");

      // A purchase now goes through and is paid from the wallet (a USDB-funded card is a USD card: Grid's quickstart).
      await card.getByLabel(m.cards.shop).fill("Corner Coffee");
      await card.getByLabel(fill(m.cards.price, { currency: "USD" })).fill(v.locale === "de" ? "4,50" : "4.50");
      await card.getByRole("button", { name: m.cards.simulateButton }).click();
      await expect(page.getByRole("status")).toHaveText(m.cards.purchaseApproved);
      await expect(activity.first()).toHaveAttribute("data-status", "SETTLED");
      await expect(activity.first()).toContainText("Corner Coffee");
      await expect(activity.first()).toContainText(m.cards.txStatus.SETTLED);

      // Frozen: declined as such; unfrozen: active again.
      await card.getByRole("button", { name: m.cards.freeze, exact: true }).click();
      await expect(page.getByRole("status")).toHaveText(fill(m.cards.frozen, { last4 }));
      await expect(card.getByTestId("wallet-card-state")).toHaveAttribute("data-state", "FROZEN");
      await card.getByRole("button", { name: m.cards.simulateButton }).click();
      await expect(page.getByRole("status")).toHaveText(
        fill(m.cards.purchaseDeclined, { reason: m.cards.decline.CARD_PAUSED }),
      );
      await expect(activity.first()).toContainText(m.cards.decline.CARD_PAUSED);
      await card.getByRole("button", { name: m.cards.unfreeze }).click();
      await expect(card.getByTestId("wallet-card-state")).toHaveAttribute("data-state", "ACTIVE");

      // Close asks first; keeping the card changes nothing, confirming closes it for good.
      await card.getByRole("button", { name: m.cards.close }).click();
      await expect(card.getByText(fill(m.cards.closeConfirm, { last4 }))).toBeVisible();
      await card.getByRole("button", { name: m.cards.closeNo }).click();
      await expect(card.getByTestId("wallet-card-state")).toHaveAttribute("data-state", "ACTIVE");
      await card.getByRole("button", { name: m.cards.close }).click();
      await expectAccessible(page, testInfo);
      await card.getByRole("button", { name: m.cards.closeYes }).click();
      await expect(page.getByRole("status")).toHaveText(fill(m.cards.closed, { last4 }));
      await expect(card.getByTestId("wallet-card-state")).toHaveAttribute("data-state", "CLOSED");
      await expect(card.getByRole("button", { name: m.cards.simulateButton })).toHaveCount(0);
      await expect(activity).toHaveCount(3);
      await expectAccessible(page, testInfo);
      await endState(page, "card", v);

      // The wallet's activity lists the card's purchase as a debit and its declines (not as debits) with their reason.
      await page.goto("/wallet");
      const rows = page.getByTestId("history-card-row");
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(0)).toHaveAttribute("data-status", "DECLINED");
      await expect(rows.nth(0)).toContainText(m.cards.decline.CARD_PAUSED);
      await expect(rows.nth(0).getByTestId("history-amount")).toHaveAttribute("data-moved", "false");
      await expect(rows.nth(1)).toHaveAttribute("data-status", "SETTLED");
      await expect(rows.nth(1)).toContainText(fill(m.home.cardPurchase, { merchant: "Corner Coffee" }));
      await expect(rows.nth(1).getByTestId("history-amount")).toHaveAttribute("data-moved", "true");
      await expect(rows.nth(2)).toContainText(m.cards.decline.INSUFFICIENT_FUNDS);
      await expectAccessible(page, testInfo);
    });
  });
}
