import { validateMnemonic } from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import { describe, expect, it } from "vitest";
import { generateP256KeyPair, makeStamp, openExportBundle } from "@/lib/shared/crypto/web";
import { ServiceError, signedRetry, stampSigner, type ServiceClient } from "@/lib/sdk";
import { newPlatform } from "../../support/api";
import { registerPasskey, signInWithPasskey, softAuthenticator, sql, bare } from "../../support/credentials";
import { newWalletUser, reorderedStamp, sdkFor, signInWithEmailOtp } from "../../support/wallet";

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string; reason?: string }> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ServiceError) return { status: e.status, code: e.code, reason: e.reason };
    throw e;
  }
  throw new Error("expected a refusal");
}

async function signedInUser(client: ServiceClient, p: Parameters<typeof newWalletUser>[0]) {
  const user = await newWalletUser(p, client);
  const otp = await signInWithEmailOtp(client, user.credentialId);
  return { user, otp };
}

describe("wallet export", () => {
  it("the signed retry returns the mnemonic sealed to clientPublicKey and signed by the pinned enclave key", async () => {
    const p = await newPlatform();
    const client = sdkFor(p);
    const { user, otp } = await signedInUser(client, p);
    const key = generateP256KeyPair();
    const first = await client.exportWallet(user.accountId, key.publicKeyUncompressedHex);
    expect(first.status).toBe(202);
    const challenge = first.body as { type?: string; payloadToSign: string; requestId: string };
    expect(challenge.type).toBeUndefined(); // no single credential is concerned (protocol.md)
    const payload = JSON.parse(challenge.payloadToSign);
    expect(payload).toMatchObject({
      type: "ACTIVITY_TYPE_EXPORT_WALLET",
      organizationId: p.id,
      parameters: { targetPublicKey: key.publicKeyUncompressedHex, walletId: user.accountId },
    });
    const headers = {
      "Service-Wallet-Signature": makeStamp({ payload: challenge.payloadToSign, privateKeyHex: otp.key.privateKeyHex }),
      "Request-Id": challenge.requestId,
    };
    // A retry for another key (a substituted body) is refused: the key is bound.
    const other = generateP256KeyPair();
    expect(await refusal(client.exportWallet(user.accountId, other.publicKeyUncompressedHex, headers))).toMatchObject({
      status: 401,
      code: "WALLET_SIGNATURE_BODY_MISMATCH",
    });
    const res = await client.exportWallet(user.accountId, key.publicKeyUncompressedHex, headers);
    expect(res.status).toBe(200);
    const body = res.body as { id: string; encryptedWalletCredentials: string };
    expect(body.id).toBe(user.accountId);
    const { enclaveQuorumPublic } = await client.getEnclaveKey();
    const mnemonic = await openExportBundle({
      bundle: body.encryptedWalletCredentials,
      privateKeyHex: key.privateKeyHex,
      pinnedEnclavePublicHex: enclaveQuorumPublic,
      organizationId: p.id,
    });
    expect(mnemonic.split(" ")).toHaveLength(24);
    expect(validateMnemonic(mnemonic, wordlist)).toBe(true);
    // Another key cannot open it; a second export yields the same wallet secret.
    await expect(
      openExportBundle({
        bundle: body.encryptedWalletCredentials,
        privateKeyHex: other.privateKeyHex,
        pinnedEnclavePublicHex: enclaveQuorumPublic,
        organizationId: p.id,
      }),
    ).rejects.toThrow();
    const again = await signedRetry(
      (h) => client.exportWallet(user.accountId, other.publicKeyUncompressedHex, h),
      stampSigner(otp.key.privateKeyHex),
    );
    expect(
      await openExportBundle({
        bundle: again.encryptedWalletCredentials,
        privateKeyHex: other.privateKeyHex,
        pinnedEnclavePublicHex: enclaveQuorumPublic,
        organizationId: p.id,
      }),
    ).toBe(mnemonic);
    // The response was never stored: an identical re-send (a lost answer) seals the same wallet afresh;
    // another stamp naming the consumed request is a reuse.
    const resent = await client.exportWallet(user.accountId, key.publicKeyUncompressedHex, headers);
    expect(resent.headers.get("signed-request-replayed")).toBe("true");
    const resealed = resent.body as typeof body;
    expect(resealed.encryptedWalletCredentials).not.toBe(body.encryptedWalletCredentials);
    expect(
      await openExportBundle({
        bundle: resealed.encryptedWalletCredentials,
        privateKeyHex: key.privateKeyHex,
        pinnedEnclavePublicHex: enclaveQuorumPublic,
        organizationId: p.id,
      }),
    ).toBe(mnemonic);
    const [stored] = await sql(
      (q) => q`select response_body from signed_requests where id = ${bare(challenge.requestId)}`,
    );
    expect(stored.response_body).toBeNull();
    const otherBytes = { ...headers, "Service-Wallet-Signature": reorderedStamp(headers["Service-Wallet-Signature"]) };
    expect(await refusal(client.exportWallet(user.accountId, key.publicKeyUncompressedHex, otherBytes))).toMatchObject({
      status: 401,
      reason: "REQUEST_ID_REUSED",
    });
    const [secret] = await sql(
      (q) => q`select mnemonic_enc from wallet_secrets where account_id = ${bare(user.accountId)}`,
    );
    expect(String(secret.mnemonic_enc)).toMatch(/^v1\./);
    expect(String(secret.mnemonic_enc)).not.toContain(mnemonic.split(" ")[0]);
  });

  it("an account made before wallet secrets existed gets exactly one, even when four exports race", async () => {
    const p = await newPlatform();
    const client = sdkFor(p);
    const { user, otp } = await signedInUser(client, p);
    await sql((q) => q`delete from wallet_secrets where account_id = ${bare(user.accountId)}`);
    const keys = [generateP256KeyPair(), generateP256KeyPair(), generateP256KeyPair(), generateP256KeyPair()];
    const retries = await Promise.all(
      keys.map(async (k) => {
        const ch = (await client.exportWallet(user.accountId, k.publicKeyUncompressedHex)).body as {
          payloadToSign: string;
          requestId: string;
        };
        return {
          k,
          h: {
            "Service-Wallet-Signature": makeStamp({ payload: ch.payloadToSign, privateKeyHex: otp.key.privateKeyHex }),
            "Request-Id": ch.requestId,
          },
        };
      }),
    );
    const results = await Promise.all(
      retries.map(({ k, h }) => client.exportWallet(user.accountId, k.publicKeyUncompressedHex, h)),
    );
    const { enclaveQuorumPublic } = await client.getEnclaveKey();
    const mnemonics = await Promise.all(
      results.map((r, i) =>
        openExportBundle({
          bundle: (r.body as { encryptedWalletCredentials: string }).encryptedWalletCredentials,
          privateKeyHex: keys[i].privateKeyHex,
          pinnedEnclavePublicHex: enclaveQuorumPublic,
          organizationId: p.id,
        }),
      ),
    );
    expect(new Set(mnemonics).size).toBe(1);
    const rows = await sql(
      (q) => q`select count(*)::int as n from wallet_secrets where account_id = ${bare(user.accountId)}`,
    );
    expect(rows[0].n).toBe(1);
  });

  it("refuses a compressed key (400), another account's session (401), another platform's account (404)", async () => {
    const p = await newPlatform();
    const client = sdkFor(p);
    const a = await signedInUser(client, p);
    const b = await signedInUser(client, p);
    const key = generateP256KeyPair();
    expect(await refusal(client.exportWallet(a.user.accountId, key.publicKeyHex))).toMatchObject({
      status: 400,
      code: "INVALID_INPUT",
    });
    expect(
      await refusal(
        signedRetry(
          (h) => client.exportWallet(a.user.accountId, key.publicKeyUncompressedHex, h),
          stampSigner(b.otp.key.privateKeyHex),
        ),
      ),
    ).toMatchObject({ status: 401, code: "WALLET_SIGNATURE_INVALID" });
    const other = sdkFor(await newPlatform());
    expect(await refusal(other.exportWallet(a.user.accountId, key.publicKeyUncompressedHex))).toMatchObject({
      status: 404,
      code: "INTERNAL_ACCOUNT_NOT_FOUND",
    });
  });
});

describe("customer email change", () => {
  const newEmail = () => `new-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

  it("with an EMAIL_OTP credential tied: 202, then the signed retry changes the email and the credential nickname together", async () => {
    const p = await newPlatform();
    const client = sdkFor(p);
    const { user, otp } = await signedInUser(client, p);
    const email = newEmail();
    const first = await client.updateCustomer(user.customerId, { email, fullName: "Renamed User" });
    expect(first.status).toBe(202);
    const challenge = first.body as { type?: string; payloadToSign: string };
    expect(challenge.type).toBeUndefined();
    expect(JSON.parse(challenge.payloadToSign)).toMatchObject({
      type: "ACTIVITY_TYPE_UPDATE_USER_EMAIL",
      parameters: { customerId: user.customerId, userEmail: email },
    });
    // Nothing changed yet.
    expect((await client.getCustomer(user.customerId)).email).toBe(user.email);
    const updated = await signedRetry(
      (h) => client.updateCustomer(user.customerId, { email, fullName: "Renamed User" }, h),
      stampSigner(otp.key.privateKeyHex),
    );
    expect(updated).toMatchObject({ id: user.customerId, email, fullName: "Renamed User" });
    const creds = await client.listCredentials(user.accountId);
    expect(creds.data.find((c) => c.type === "EMAIL_OTP")?.nickname).toBe(email);
    // Plain updates stay synchronous.
    const plain = await client.updateCustomer(user.customerId, { fullName: "Plain" });
    expect(plain.status).toBe(200);
    expect((plain.body as unknown as { fullName: string }).fullName).toBe("Plain");
  });

  it("a customer without a tied EMAIL_OTP credential changes the email synchronously", async () => {
    const p = await newPlatform();
    const client = sdkFor(p);
    const c = await client.createCustomer({
      customerType: "BUSINESS",
      businessInfo: { legalName: "Acme", country: "US", incorporatedOn: "2018-03-14", taxId: "47-1234567" },
    });
    const res = await client.updateCustomer(c.id, { email: newEmail() });
    expect(res.status).toBe(200);
  });

  it("409 EMAIL_OTP_EMAIL_ALREADY_EXISTS: at the first call, and at the retry when another customer took it meanwhile", async () => {
    const p = await newPlatform();
    const client = sdkFor(p);
    const a = await signedInUser(client, p);
    const b = await signedInUser(client, p);
    expect(
      await refusal(client.updateCustomer(a.user.customerId, { email: b.user.email.toUpperCase() })),
    ).toMatchObject({
      status: 409,
      code: "EMAIL_OTP_EMAIL_ALREADY_EXISTS",
    });
    const contested = newEmail();
    const first = await client.updateCustomer(a.user.customerId, { email: contested });
    expect(first.status).toBe(202);
    await signedRetry(
      (h) => client.updateCustomer(b.user.customerId, { email: contested }, h),
      stampSigner(b.otp.key.privateKeyHex),
    );
    const challenge = first.body as { payloadToSign: string; requestId: string };
    const headers = {
      "Service-Wallet-Signature": makeStamp({
        payload: challenge.payloadToSign,
        privateKeyHex: a.otp.key.privateKeyHex,
      }),
      "Request-Id": challenge.requestId,
    };
    expect(await refusal(client.updateCustomer(a.user.customerId, { email: contested }, headers))).toMatchObject({
      status: 409,
      code: "EMAIL_OTP_EMAIL_ALREADY_EXISTS",
    });
    expect((await client.getCustomer(a.user.customerId)).email).toBe(a.user.email);
  });

  it("409 EMAIL_OTP_CREDENTIAL_SET_CHANGED when the tied credentials change between the 202 and the retry; nothing changes", async () => {
    const p = await newPlatform();
    const client = sdkFor(p);
    const { user, otp } = await signedInUser(client, p);
    const auth = softAuthenticator();
    const passkey = await registerPasskey(client, user.accountId, otp.key.privateKeyHex, auth);
    const s = await signInWithPasskey(client, passkey, auth);
    const email = newEmail();
    const first = await client.updateCustomer(user.customerId, { email });
    expect(first.status).toBe(202);
    // The EMAIL_OTP credential is revoked (signed by the passkey's session) before the retry.
    await signedRetry((h) => client.deleteCredential(user.credentialId, h), stampSigner(s.sessionPrivateKey));
    const challenge = first.body as { payloadToSign: string; requestId: string };
    const headers = {
      "Service-Wallet-Signature": makeStamp({ payload: challenge.payloadToSign, privateKeyHex: s.sessionPrivateKey }),
      "Request-Id": challenge.requestId,
    };
    expect(await refusal(client.updateCustomer(user.customerId, { email }, headers))).toMatchObject({
      status: 409,
      code: "EMAIL_OTP_CREDENTIAL_SET_CHANGED",
    });
    expect((await client.getCustomer(user.customerId)).email).toBe(user.email);
    // With no EMAIL_OTP tied any more, the change is a plain update.
    expect((await client.updateCustomer(user.customerId, { email })).status).toBe(200);
  });
});
