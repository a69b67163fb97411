import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ServiceError } from "@/lib/sdk";
import { newPlatform, type TestPlatform } from "../../support/api";
import { newWalletUser, otpBundle, sdkFor } from "../../support/wallet";

const sql = postgres(inject("databaseUrl"), { max: 2, onnotice: () => {} });
afterAll(() => sql.end());

async function errorOf(p: Promise<unknown>): Promise<ServiceError> {
  const e = await p.then(
    () => null,
    (x) => x,
  );
  if (!(e instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(e)}`);
  return e;
}

describe("EMAIL_OTP refusals and limits", () => {
  let p: TestPlatform;
  let client: ReturnType<typeof sdkFor>;
  beforeAll(async () => {
    p = await newPlatform();
    client = sdkFor(p);
  });

  it("counts wrong codes (OTP_INVALID, attemptsRemaining), kills the OTP after 5 and erases its target key; re-issue is 429 with Retry-After", async () => {
    const user = await newWalletUser(p, client);
    const wrong = await otpBundle(client, user.credentialId, "123456");
    const again = await errorOf(client.challengeEmailOtp(user.credentialId));
    expect(again.body).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    expect(again.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(again.retryAfterSeconds).toBeLessThanOrEqual(30);

    const body = { type: "EMAIL_OTP" as const, encryptedOtpBundle: wrong.encryptedOtpBundle };
    for (let i = 1; i <= 5; i++) {
      const e = await errorOf(client.verifyCredential(user.credentialId, body));
      expect(e.body).toMatchObject({
        status: 401,
        code: "UNAUTHORIZED",
        details: { reason: "OTP_INVALID", attemptsRemaining: 5 - i },
      });
    }
    const exhausted = await errorOf(client.verifyCredential(user.credentialId, body));
    expect(exhausted.body).toMatchObject({
      status: 401,
      code: "UNAUTHORIZED",
      details: { reason: "OTP_ATTEMPTS_EXHAUSTED" },
    });
    const [row] =
      await sql`select state, attempts, target_private_key_enc from otp_challenges where auth_method_id = ${user.credentialId.split(":")[1]} order by created_at desc limit 1`;
    expect(row).toEqual({ state: "EXHAUSTED", attempts: 5, target_private_key_enc: null });
  });

  it("refuses an expired OTP (OTP_EXPIRED) and erases its target key", async () => {
    const user = await newWalletUser(p, client);
    const right = await otpBundle(client, user.credentialId, "000000");
    await sql`update otp_challenges set expires_at = now() - interval '1 second' where auth_method_id = ${user.credentialId.split(":")[1]}`;
    const e = await errorOf(
      client.verifyCredential(user.credentialId, { type: "EMAIL_OTP", encryptedOtpBundle: right.encryptedOtpBundle }),
    );
    expect(e.body).toMatchObject({ status: 401, code: "UNAUTHORIZED", details: { reason: "OTP_EXPIRED" } });
    const [row] =
      await sql`select state, target_private_key_enc from otp_challenges where auth_method_id = ${user.credentialId.split(":")[1]}`;
    expect(row).toEqual({ state: "EXPIRED", target_private_key_enc: null });
  });

  it("refuses a verify without any challenge, and a body whose type is not the credential's", async () => {
    const user = await newWalletUser(p, client);
    const fake = JSON.stringify({ encappedPublic: `04${"ab".repeat(64)}`, ciphertext: "00".repeat(40) });
    const none = await errorOf(
      client.verifyCredential(user.credentialId, { type: "EMAIL_OTP", encryptedOtpBundle: fake }),
    );
    expect(none.body).toMatchObject({ status: 401, code: "UNAUTHORIZED", details: { reason: "OTP_NOT_ISSUED" } });
    const garbled = await errorOf(
      client.verifyCredential(user.credentialId, { type: "EMAIL_OTP", encryptedOtpBundle: "{}" }),
    );
    expect(garbled.body).toMatchObject({
      status: 400,
      code: "INVALID_INPUT",
      details: { errors: [expect.objectContaining({ field: "encryptedOtpBundle" })] },
    });
  });

  it("rate limits verify attempts per credential: 10 per minute, then 429 with Retry-After", async () => {
    const user = await newWalletUser(p, client);
    const wrong = await otpBundle(client, user.credentialId, "999999");
    const body = { type: "EMAIL_OTP" as const, encryptedOtpBundle: wrong.encryptedOtpBundle };
    const codes: string[] = [];
    for (let i = 0; i < 10; i++) codes.push((await errorOf(client.verifyCredential(user.credentialId, body))).code);
    expect(codes).toEqual(Array(10).fill("UNAUTHORIZED"));
    const limited = await errorOf(client.verifyCredential(user.credentialId, body));
    expect(limited.status).toBe(429);
    expect(limited.retryAfterSeconds).toBeGreaterThan(0);
    expect(limited.retryAfterSeconds).toBeLessThanOrEqual(60);
  });
});
