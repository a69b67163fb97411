import postgres from "postgres";
import { example } from "../test/support/external-account-examples";
import { expect, expectAccessible, shot, test, timed } from "./fixtures";
import { demoSignIn, uniqueEmail } from "./support/flows";

/**
 * An EU customer's payment asks for Strong Customer Authentication and the end user completes it in the
 * browser, on the example partner's pay page (/wallet/pay → its backend → the service through the SDK).
 */
const service = async (method: string, path: string, body?: unknown) => {
  const r = await fetch(`${process.env.E2E_BASE_URL}/api/2025-10-13${path}`, {
    method,
    headers: { authorization: process.env.E2E_SANDBOX_AUTH!, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
};

test("EU customer: SCA sign-in by SMS code, a payment held PENDING_AUTHORIZATION, authorized with its code", async ({
  page,
}, testInfo) => {
  await demoSignIn(page, uniqueEmail("sca"));
  const me = (await (await page.request.get("/integrator/api/wallet/me")).json()) as {
    customerId: string;
    platformId: string;
  };

  // The partner's customer lives in Germany with a verified phone (set up through the service API), holds a
  // funded USD account (the integrator's customers are created with their wallet only: this one gets the
  // account POST /customers with currencies ["USD"] would have made) and one beneficiary.
  const patched = await service("PATCH", `/customers/${me.customerId}`, {
    phoneNumber: "+491701234567",
    address: { line1: "1 Hauptstr.", city: "Berlin", postalCode: "10115", country: "DE" },
    endUserTermsConsent: {
      termsVersion: "V1",
      acceptedAt: new Date().toISOString(),
      acceptanceMethod: "CHECKBOX",
      ipAddress: "203.0.113.7",
    },
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  expect((await service("POST", `/customers/${me.customerId}/verify-phone`)).status).toBe(204);
  expect((await service("POST", `/customers/${me.customerId}/verify-phone/confirm`, { code: "123456" })).status).toBe(
    200,
  );
  const sql = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  const accountUuid = crypto.randomUUID();
  try {
    await sql`insert into internal_accounts (id, platform_id, customer_id, type, status, currency, decimals)
              values (${accountUuid}, ${me.platformId.split(":")[1]}, ${me.customerId.split(":")[1]}, 'INTERNAL_FIAT', 'ACTIVE', 'USD', 2)`;
  } finally {
    await sql.end();
  }
  expect(
    (await service("POST", `/sandbox/internal-accounts/InternalAccount:${accountUuid}/fund`, { amount: 50_000 }))
      .status,
  ).toBe(200);
  const usd = example("USD_ACCOUNT");
  const ext = await service("POST", "/customers/external-accounts", {
    customerId: me.customerId,
    currency: "USD",
    accountInfo: usd.accountInfo,
  });
  expect(ext.status, JSON.stringify(ext.body)).toBe(201);

  await page.goto("/wallet/pay");
  await expect(page.getByRole("heading", { name: "Pay a beneficiary" })).toBeVisible();
  await expect(page.getByLabel("From")).toContainText("$500.00");
  await expectAccessible(page, testInfo);

  // Without an SCA session the service refuses the payment; the page shows its error object.
  await page.getByLabel("Amount (USD)").fill("12.34");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.locator("main").getByRole("alert")).toContainText("SCA_SESSION_REQUIRED");

  await timed(testInfo, "SCA sign-in (SMS code)", async () => {
    await page.getByRole("button", { name: "Text me a sign-in code" }).click();
    await page.getByLabel("Sign-in code").fill("123456");
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByTestId("sca-session")).toContainText("Strong authentication confirmed");
  });

  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Authorize this payment" })).toBeVisible();
  await expect(page.getByTestId("payment-status")).toHaveText("PENDING_AUTHORIZATION");
  await expectAccessible(page, testInfo);
  await shot(page, testInfo, "sca-authorize");
  // Nothing moved yet.
  const held = await service(
    "GET",
    `/customers/internal-accounts?customerId=${encodeURIComponent(me.customerId)}&type=INTERNAL_FIAT`,
  );
  expect(held.body.data[0].balance.amount).toBe(50_000);

  // A wrong code is refused with the service's error object; the right one releases the payment.
  await page.getByLabel("Payment code").fill("000000");
  await page.getByRole("button", { name: "Authorize payment" }).click();
  await expect(page.locator("main").getByRole("alert")).toContainText("INVALID_INPUT");
  await timed(testInfo, "payment authorization", async () => {
    await page.getByLabel("Payment code").fill("123456");
    await page.getByRole("button", { name: "Authorize payment" }).click();
    await expect(page.getByTestId("payment-status")).toHaveText(/PROCESSING|COMPLETED/);
  });
  await shot(page, testInfo, "sca-authorized");
  const after = await service(
    "GET",
    `/customers/internal-accounts?customerId=${encodeURIComponent(me.customerId)}&type=INTERNAL_FIAT`,
  );
  expect(after.body.data[0].balance.amount).toBe(50_000 - 1234);
});
