import { secp256k1 } from "@noble/curves/secp256k1.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { eip191Digest, evmAddressOf } from "../lib/shared/crypto/web/wallet-ownership-signature";
import { expect, expectAccessible, shot, test, timed } from "./fixtures";
import { demoSignIn, uniqueEmail } from "./support/flows";

/** What a user's Ethereum wallet does for personal_sign: EIP-191 digest, secp256k1, 0x r‖s‖v. */
function personalSign(message: string, secretKey: Uint8Array): string {
  const raw = secp256k1.sign(eip191Digest(message), secretKey, { prehash: false, format: "recovered" });
  const sig = secp256k1.Signature.fromBytes(raw, "recovered");
  return `0x${bytesToHex(sig.toBytes("compact"))}${(27 + sig.recovery!).toString(16)}`;
}

test("accounts page: per-variant validation, a bank account, and a wallet through ownership verification", async ({
  page,
}, testInfo) => {
  await demoSignIn(page, uniqueEmail("accounts"));
  await page.goto("/wallet/accounts");
  await expect(page.getByText("No external accounts yet.")).toBeVisible();
  await expectAccessible(page, testInfo);

  // USD: a routing number of 8 digits is refused in the form, before any request.
  await page.getByLabel("Account type").selectOption("USD_ACCOUNT");
  await page.getByLabel("Account number").fill("123456789");
  await page.getByLabel("Routing number").fill("12345678");
  await page.getByRole("button", { name: "Add account" }).click();
  await expect(page.getByText("Routing number: 9 digits")).toBeVisible();
  await expect(page.getByText("Account holder's full name is required")).toBeVisible();
  await page.getByLabel("Routing number").fill("021000021");
  await page.getByLabel("Account holder's full name").fill("Ada Lovelace");
  await timed(testInfo, "add bank account", async () => {
    await page.getByRole("button", { name: "Add account" }).click();
    await expect(page.getByTestId("external-account")).toHaveCount(1);
  });
  await expect(page.getByTestId("external-account-status").first()).toHaveAttribute("data-status", "ACTIVE");

  // Ethereum wallet held by the user: FIRST_PARTY self-custody → ownership verification.
  const secret = secp256k1.utils.randomSecretKey();
  const address = evmAddressOf(secp256k1.getPublicKey(secret, false));
  await page.getByLabel("Account type").selectOption("ETHEREUM_WALLET");
  await page.getByLabel("Wallet address").fill("0x1234");
  await page.getByRole("button", { name: "Add account" }).click();
  await expect(page.getByText("Wallet address: 0x followed by 40 hex characters")).toBeVisible();
  await page.getByLabel("Wallet address").fill(address);
  await page.getByRole("button", { name: "Add account" }).click();
  const row = page.getByTestId("external-account").filter({ hasText: address });
  await expect(row.getByTestId("external-account-status")).toHaveAttribute(
    "data-status",
    "PENDING_OWNERSHIP_VERIFICATION",
  );

  await timed(testInfo, "wallet ownership verification", async () => {
    await row.getByRole("button", { name: "Verify ownership" }).click();
    const message = (await row.getByTestId("message-to-sign").textContent())!;
    expect(message.length).toBeGreaterThan(10);
    await shot(page, testInfo, "accounts-verify");
    // A signature by another key is refused with the service's error object, shown with its code.
    await row.getByLabel("Signature").fill(personalSign(message, secp256k1.utils.randomSecretKey()));
    await row.getByRole("button", { name: "Submit signature" }).click();
    await expect(row.getByRole("alert")).toContainText(/[A-Z_]{5,}/);
    // The failed attempt left the account UNVERIFIED: a new challenge, the right signature → ACTIVE.
    await page.reload();
    const again = page.getByTestId("external-account").filter({ hasText: address });
    await expect(again.getByTestId("external-account-status")).toHaveAttribute("data-status", "UNVERIFIED");
    await again.getByRole("button", { name: "Verify ownership" }).click();
    const message2 = (await again.getByTestId("message-to-sign").textContent())!;
    await again.getByLabel("Signature").fill(personalSign(message2, secret));
    await again.getByRole("button", { name: "Submit signature" }).click();
    await expect(again.getByTestId("external-account-status")).toHaveAttribute("data-status", "ACTIVE");
  });
  await expectAccessible(page, testInfo);
  await shot(page, testInfo, "accounts");
});
