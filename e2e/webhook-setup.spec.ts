/**
 * Journey "Set up webhooks": an operator sets up webhooks from the console. A private address is refused with the
 * service's own destination check (as PATCH /config does), as a sentence, the typed address kept; a loopback
 * receiver (allowed on a sandbox platform) is saved; "Send a test event" reaches it, and the event verifies with
 * the public key the page shows. A receiver that fails makes the delivery count as failing (retrying) and the
 * list shows it; the endpoint is removed at the end. Desktop and phone, English and German, axe-clean.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhook } from "../lib/sdk/webhooks";
import { expect, expectAccessible, test } from "./fixtures";
import { JOURNEY_VARIANTS, consoleMessages, consoleNav, consoleSignIn, journeyShot } from "./support/journeys";

const fill = (s: string, values: Record<string, string | number>) =>
  s.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));

for (const v of JOURNEY_VARIANTS) {
  test.describe(`${v.lang} ${v.device}`, () => {
    test.use({ viewport: v.viewport, locale: v.locale });

    test(`webhook setup with a received, verified test event (${v.lang}, ${v.device})`, async ({ page }, testInfo) => {
      const m = consoleMessages(v.lang);
      // The receiver: records what arrives; answers `answer`.
      const received: { body: string; signature: string }[] = [];
      let answer = 200;
      const receiver = http.createServer((req, res) => {
        let body = "";
        req.on("data", (c) => {
          body += c;
        });
        req.on("end", () => {
          received.push({ body, signature: String(req.headers["service-webhook-signature"] ?? "") });
          res.writeHead(answer).end();
        });
      });
      await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${v.lang}-${v.device}`;
      try {
        await consoleSignIn(page, v.lang);
        await consoleNav(page, v.lang, "webhooks");
        const endpoint = page.getByRole("region", { name: m.webhooks.endpoint });
        const box = endpoint.getByLabel(m.webhooks.endpointUrl);
        await expectAccessible(page, testInfo);

        // A private address: refused by the service's destination check, said in words; the address stays typed.
        await box.fill("http://10.20.30.40/hooks");
        await endpoint.getByRole("button", { name: m.webhooks.save }).click();
        const status = page.getByRole("status");
        await expect(status.locator("p")).toHaveText(fill(m.errors.invalidFields, { fields: m.webhooks.endpointUrl }));
        await expect(box).toHaveValue("http://10.20.30.40/hooks");
        await expectAccessible(page, testInfo);

        // The loopback receiver: saved.
        await box.fill(url);
        await endpoint.getByRole("button", { name: m.webhooks.save }).click();
        await expect(status).toHaveText(m.webhooks.saved);
        await expect(box).toHaveValue(url);
        await expect(page.getByTestId("no-endpoint")).toHaveCount(0);

        // A test event: sent, answered 200, and signed by the key the page shows.
        await endpoint.getByRole("button", { name: m.webhooks.test }).click();
        await expect(status).toHaveText(fill(m.webhooks.testAnswered, { status: 200 }));
        const test = received.find((r) => JSON.parse(r.body).type === "TEST");
        expect(test).toBeTruthy();
        const publicKeyPem = (await page.getByTestId("webhook-public-key").textContent()) ?? "";
        expect(publicKeyPem).toContain("BEGIN PUBLIC KEY");
        const event = verifyWebhook({
          rawBody: test?.body ?? "",
          signatureHeader: test?.signature ?? "",
          publicKeyPem,
        });
        expect(event.type).toBe("TEST");
        await expect(page.getByRole("region", { name: m.webhooks.signingKey })).toContainText(
          "Service-Webhook-Signature",
        );
        await expectAccessible(page, testInfo);
        await journeyShot(page, "journey-webhooks", v);

        // The receiver fails: the delivery is failing (it will retry), counted and listed as such.
        answer = 500;
        await endpoint.getByRole("button", { name: m.webhooks.test }).click();
        await expect(status).toHaveText(fill(m.webhooks.testAnswered, { status: 500 }));
        await expect(page.getByTestId("failing-count")).not.toHaveText(/^(No delivery|Keine Zustellung)/);
        await page.getByRole("link", { name: m.webhooks.showFailing }).click();
        const failing = page.locator('[data-testid="delivery"]:visible').filter({ hasText: "HTTP 500" });
        await expect(failing.filter({ hasText: "TEST" }).first()).toBeVisible();
        await expectAccessible(page, testInfo);

        // Remove the endpoint: events are kept, not sent.
        await page
          .getByRole("region", { name: m.webhooks.endpoint })
          .getByRole("button", { name: m.webhooks.remove })
          .click();
        await expect(status).toHaveText(m.webhooks.cleared);
        await expect(page.getByTestId("no-endpoint")).toHaveText(m.webhooks.endpointNone);
      } finally {
        receiver.closeAllConnections();
        await new Promise<void>((r) => receiver.close(() => r()));
      }
    });
  });
}
