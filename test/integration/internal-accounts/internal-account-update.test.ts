import { describe, expect, it } from "vitest";
import { makeStamp } from "@/lib/shared/crypto/web";
import { ServiceError, signedRetry, stampSigner } from "@/lib/sdk";
import { newPlatform } from "../../support/api";
import { moneyCustomer } from "../../support/money";
import { newWalletUser, sdkFor, signInWithEmailOtp } from "../../support/wallet";

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ServiceError) return { status: e.status, code: e.code };
    throw e;
  }
  throw new Error("expected a refusal");
}

describe("PATCH /internal-accounts/{id} (signed retry on an EMBEDDED_WALLET)", () => {
  it("binds privateEnabled into payloadToSign; the signed retry applies it; another body or tenant is refused", async () => {
    const p = await newPlatform();
    const client = sdkFor(p);
    const user = await newWalletUser(p, client);
    const otp = await signInWithEmailOtp(client, user.credentialId);
    const first = await client.updateInternalAccount(user.accountId, { privateEnabled: true });
    expect(first.status).toBe(202);
    const ch = first.body as unknown as { payloadToSign: string; requestId: string };
    expect(JSON.parse(ch.payloadToSign)).toMatchObject({
      type: "ACTIVITY_TYPE_UPDATE_WALLET",
      parameters: { walletId: user.accountId, privateEnabled: true },
    });
    expect((await client.getInternalAccount(user.accountId)).privateEnabled).toBe(false);
    const headers = {
      "Service-Wallet-Signature": makeStamp({ payload: ch.payloadToSign, privateKeyHex: otp.key.privateKeyHex }),
      "Request-Id": ch.requestId,
    };
    expect(
      await refusal(client.updateInternalAccount(user.accountId, { privateEnabled: false }, headers)),
    ).toMatchObject({ status: 401, code: "WALLET_SIGNATURE_BODY_MISMATCH" });
    const done = await signedRetry(
      (h) => client.updateInternalAccount(user.accountId, { privateEnabled: true }, h),
      stampSigner(otp.key.privateKeyHex),
    );
    expect(done).toMatchObject({ id: user.accountId, type: "EMBEDDED_WALLET", privateEnabled: true });
    expect((await client.getInternalAccount(user.accountId)).privateEnabled).toBe(true);

    expect(await refusal(client.updateInternalAccount(user.accountId, {}))).toMatchObject({ status: 400 });
    const fiat = await moneyCustomer(p, ["USD"]);
    expect(await refusal(client.updateInternalAccount(fiat.accounts.USD, { privateEnabled: true }))).toMatchObject({
      status: 400,
      code: "INVALID_INPUT",
    });
    const other = sdkFor(await newPlatform());
    expect(await refusal(other.updateInternalAccount(user.accountId, { privateEnabled: false }))).toMatchObject({
      status: 404,
      code: "INTERNAL_ACCOUNT_NOT_FOUND",
    });
  });
});
