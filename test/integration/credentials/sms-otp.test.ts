import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateP256KeyPair, sealOtpBundle } from "@/lib/shared/crypto/web";
import { ServiceError, signedRetry, stampSigner } from "@/lib/sdk";
import { newCustomer, newPlatform, startPeerServer, type TestPlatform } from "../../support/api";
import { bare, sql } from "../../support/credentials";
import type { RunningServer } from "../../support/server";
import { startSmsReceiver } from "../../support/sms-receiver";
import { otpBundle, sdkFor, signInWithEmailOtp } from "../../support/wallet";

/** A wallet user with a phone: signs in with EMAIL_OTP, then adds SMS_OTP signed by that session. */
async function withSmsOtp(p: TestPlatform, client: ReturnType<typeof sdkFor>, phoneNumber: string) {
  const { customer, account } = await newCustomer(p, { phoneNumber });
  const creds = await client.listCredentials(account!.id);
  const email = creds.data.find((c) => c.type === "EMAIL_OTP")!;
  const { key } = await signInWithEmailOtp(client, email.id);
  const added = await signedRetry(
    (h) => client.addCredential({ type: "SMS_OTP", accountId: account!.id }, h),
    stampSigner(key.privateKeyHex),
    {
      onChallenge: (c) =>
        expect(JSON.parse(c.payloadToSign).parameters).toMatchObject({ type: "SMS_OTP", phoneNumber }),
    },
  );
  return { customer, accountId: account!.id, sms: added, sessionKey: key };
}

async function signInWithSms(
  client: ReturnType<typeof sdkFor>,
  credentialId: string,
  code: string | (() => Promise<string>),
) {
  const { encryptedOtpBundle, key } = await otpBundle(client, credentialId, code);
  return signedRetry(
    (h) => client.verifyCredential(credentialId, { type: "SMS_OTP", encryptedOtpBundle }, h),
    stampSigner(key.privateKeyHex),
  );
}

describe("SMS_OTP credentials (sandbox)", () => {
  it("add (nickname = phone, one per account), challenge with the HPKE target bundle, verify 000000 → a session; no SMS is sent", async () => {
    const p = await newPlatform();
    const client = sdkFor(p);
    const u = await withSmsOtp(p, client, "+14155550199");
    expect(u.sms).toMatchObject({ type: "SMS_OTP", nickname: "+14155550199", accountId: u.accountId });
    const again = (await client
      .addCredential({ type: "SMS_OTP", accountId: u.accountId })
      .catch((e) => e)) as ServiceError;
    expect(again.body).toMatchObject({ status: 400, code: "SMS_OTP_CREDENTIAL_ALREADY_EXISTS" });
    // One challenge: a wrong code is refused like EMAIL_OTP's and counted; then the right one signs in.
    const { enclaveQuorumPublic } = await client.getEnclaveKey();
    const challenged = await client.challengeEmailOtp(u.sms.id);
    expect(challenged.otpEncryptionTargetBundle).toBeTruthy();
    const seal = async (otpCode: string) => {
      const key = generateP256KeyPair();
      const bundle = await sealOtpBundle({
        otpCode,
        sessionPublicKeyHex: key.publicKeyHex,
        targetBundle: challenged.otpEncryptionTargetBundle!,
        pinnedEnclavePublicHex: enclaveQuorumPublic,
      });
      return { key, bundle };
    };
    const bad = await seal("111111");
    const wrong = await client
      .verifyCredential(u.sms.id, { type: "SMS_OTP", encryptedOtpBundle: bad.bundle })
      .catch((e) => e);
    expect(wrong).toBeInstanceOf(ServiceError);
    expect(wrong.status).toBe(401);
    const [row] = await sql(
      (q) =>
        q`select attempts from otp_challenges where auth_method_id = ${bare(u.sms.id)} order by created_at desc limit 1`,
    );
    expect(Number(row.attempts)).toBe(1);
    const good = await seal("000000");
    const session = await signedRetry(
      (h) => client.verifyCredential(u.sms.id, { type: "SMS_OTP", encryptedOtpBundle: good.bundle }, h),
      stampSigner(good.key.privateKeyHex),
    );
    expect(session).toMatchObject({ accountId: u.accountId, type: "SMS_OTP" });
    // The challenge is rate limited per credential like EMAIL_OTP (1 per 30 s).
    const fast = (await client.challengeEmailOtp(u.sms.id).catch((e) => e)) as ServiceError;
    expect(fast.status).toBe(429);
  });

  it("a customer without a phone number cannot add SMS_OTP", async () => {
    const p = await newPlatform();
    const client = sdkFor(p);
    const { account } = await newCustomer(p);
    const r = (await client.addCredential({ type: "SMS_OTP", accountId: account!.id }).catch((e) => e)) as ServiceError;
    expect(r.body).toMatchObject({ status: 400, details: { reason: "CUSTOMER_PHONE_MISSING" } });
  });
});

describe("SMS_OTP on a production platform: the code goes through the SMS gateway", () => {
  let sms: Awaited<ReturnType<typeof startSmsReceiver>>;
  let server: RunningServer;
  beforeAll(async () => {
    sms = await startSmsReceiver();
    server = await startPeerServer({ SMS_URL: sms.url(), SMTP_URL: "smtp://127.0.0.1:9" });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await sms?.close();
  });

  it("the SMS carries the code that signs in; without SMS_URL the challenge is 503", async () => {
    const p = await newPlatform();
    const client = sdkFor(p, server.url);
    const u = await withSmsOtp(p, client, "+447700900555");
    const second = await withSmsOtp(p, client, "+447700900556");
    await sql((q) => q`update platforms set environment = 'PRODUCTION' where id = ${bare(p.id)}`);
    const session = await signInWithSms(client, u.sms.id, async () => {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const m = sms.outbox.find((x) => x.to === "+447700900555");
        if (m) return /verification code is (\d{6})/.exec(m.body)![1];
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error("no SMS arrived");
    });
    expect(session).toMatchObject({ type: "SMS_OTP", accountId: u.accountId });
    const code = /(\d{6})/.exec(sms.outbox[0].body)![1];
    expect(
      JSON.stringify(await sql((q) => q`select * from otp_challenges where auth_method_id = ${bare(u.sms.id)}`)),
    ).not.toContain(`"${code}"`);

    const plain = sdkFor(p);
    const refused = (await plain.challengeEmailOtp(second.sms.id).catch((e) => e)) as ServiceError;
    expect(refused.status).toBe(503);
  });
});
