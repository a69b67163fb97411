import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { call, newPlatform, type TestPlatform } from "../../support/api";
import { bare, sql } from "../../support/credentials";
import { fund, quoteBody, usdExternal } from "../../support/money";

const DE = { line1: "1 Hauptstr.", city: "Berlin", postalCode: "10115", country: "DE" };
const IP = { endUserIpAddress: "127.1.2.7" };

async function euCustomer(p: TestPlatform, extra: Record<string, unknown> = {}) {
  const r = await call("POST", "/customers", {
    auth: p.auth,
    body: {
      customerType: "INDIVIDUAL",
      fullName: "Eva Euro",
      phoneNumber: "+491701234567",
      address: DE,
      currencies: ["USD"],
      endUserTermsConsent: {
        termsVersion: "V1",
        acceptedAt: new Date().toISOString(),
        acceptanceMethod: "CHECKBOX",
        ipAddress: "127.1.2.7",
      },
      ...extra,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string };
}

const q = (id: string) => `?customerId=${encodeURIComponent(id)}`;
const post = (p: TestPlatform, path: string, body?: unknown) => call("POST", path, { auth: p.auth, body });

async function verifyPhone(p: TestPlatform, id: string) {
  await post(p, `/customers/${id}/verify-phone`);
  expect((await post(p, `/customers/${id}/verify-phone/confirm`, { code: "123456" })).status).toBe(200);
}

describe("Strong Customer Authentication", () => {
  it("409 for customers outside the EEA/CH/UK on every SCA endpoint; 404 for another tenant's", async () => {
    const p = await newPlatform();
    const us = await euCustomer(p, { address: { ...DE, country: "US" } });
    const calls: [string, string, unknown?][] = [
      ["GET", `/sca/factors${q(us.id)}`],
      ["POST", `/sca/factors${q(us.id)}`, { type: "TOTP" }],
      ["POST", `/sca/factors/confirm${q(us.id)}`, { type: "TOTP", secret: "x", code: "123456" }],
      ["POST", `/sca/login/start${q(us.id)}`, { factor: "SMS_OTP" }],
      ["POST", `/sca/login/complete${q(us.id)}`, { factor: "SMS_OTP", code: "123456", ...IP }],
      ["POST", `/sca/record-event${q(us.id)}`, { eventType: "FAILED_LOGIN_ATTEMPT" }],
    ];
    for (const [m, path, body] of calls) {
      const r = await call(m, path, { auth: p.auth, body });
      expect(r.status, path).toBe(409);
    }
    const eu = await euCustomer(p);
    const other = await newPlatform();
    const r = await call("GET", `/sca/factors${q(eu.id)}`, { auth: other.auth });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe("USER_NOT_FOUND");
  });

  it("an EU customer's quote needs an SCA session: 409 SCA_SESSION_REQUIRED, then SMS_OTP login (180-day session) lets it through", async () => {
    const p = await newPlatform();
    const c = await euCustomer(p);
    const accts = await call("GET", `/customers/internal-accounts${q(c.id)}`, { auth: p.auth });
    const usd = accts.body.data.find((a: any) => a.balance.currency.code === "USD").id;
    await fund(p, usd, 10_000);
    const ext = await usdExternal(p, c.id);
    const refused = await post(p, "/quotes", quoteBody(usd, ext, 1000));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("SCA_SESSION_REQUIRED");

    const noPhone = await post(p, `/sca/login/start${q(c.id)}`, { factor: "SMS_OTP" });
    expect(noPhone.status).toBe(400);
    await verifyPhone(p, c.id);
    expect((await call("GET", `/sca/factors${q(c.id)}`, { auth: p.auth })).body).toEqual({
      factors: [{ factor: "SMS_OTP" }],
    });
    const start = await post(p, `/sca/login/start${q(c.id)}`, { factor: "SMS_OTP" });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({
      factor: "SMS_OTP",
      challengeId: expect.any(String),
      expiresAt: expect.any(String),
    });
    const wrongChallenge = await post(p, `/sca/login/complete${q(c.id)}`, {
      factor: "SMS_OTP",
      challengeId: "nope",
      code: "123456",
      ...IP,
    });
    expect(wrongChallenge.status).toBe(400);
    const done = await post(p, `/sca/login/complete${q(c.id)}`, {
      factor: "SMS_OTP",
      challengeId: start.body.challengeId,
      code: "123456",
      ...IP,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe("SUCCESS");
    const days = (Date.parse(done.body.sessionExpiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(179.9);
    expect(days).toBeLessThanOrEqual(180);
    const ok = await post(p, "/quotes", quoteBody(usd, ext, 1000));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);

    // An expired session asks again; RESET_PASSWORD_COMPLETED revokes a live one.
    await sql(
      (qq) =>
        qq`update sca_states set session_expires_at = now() - interval '1 second' where customer_id = ${bare(c.id)}`,
    );
    expect((await post(p, "/quotes", quoteBody(usd, ext, 1000))).body.code).toBe("SCA_SESSION_REQUIRED");
    await sql(
      (qq) => qq`update sca_states set session_expires_at = now() + interval '1 day' where customer_id = ${bare(c.id)}`,
    );
    const reset = await post(p, `/sca/record-event${q(c.id)}`, { eventType: "RESET_PASSWORD_COMPLETED" });
    expect(reset.body).toEqual({
      eventType: "RESET_PASSWORD_COMPLETED",
      suspended: false,
      lockedUntil: null,
      failedAttempts: 0,
    });
    expect((await post(p, "/quotes", quoteBody(usd, ext, 1000))).body.code).toBe("SCA_SESSION_REQUIRED");
  });

  it("five failed logins lock SCA login for 15 minutes (423 with lockedUntil); RESET_PASSWORD_COMPLETED lifts it", async () => {
    const p = await newPlatform();
    const c = await euCustomer(p);
    await verifyPhone(p, c.id);
    const start = await post(p, `/sca/login/start${q(c.id)}`, { factor: "SMS_OTP" });
    for (let i = 1; i <= 3; i++) {
      const r = await post(p, `/sca/login/complete${q(c.id)}`, {
        factor: "SMS_OTP",
        challengeId: start.body.challengeId,
        code: "000000",
        ...IP,
      });
      expect(r.status).toBe(400);
      expect(r.body.details.failedAttempts).toBe(i);
    }
    const ev = await post(p, `/sca/record-event${q(c.id)}`, { eventType: "FAILED_LOGIN_ATTEMPT" });
    expect(ev.body).toMatchObject({ failedAttempts: 4, lockedUntil: null, suspended: false });
    const fifth = await post(p, `/sca/login/complete${q(c.id)}`, {
      factor: "SMS_OTP",
      challengeId: start.body.challengeId,
      code: "000000",
      ...IP,
    });
    expect(fifth.status).toBe(423);
    expect(fifth.body.code).toBe("ACCOUNT_LOCKED");
    const until = Date.parse(fifth.body.details.lockedUntil) - Date.now();
    expect(until).toBeGreaterThan(14 * 60_000);
    expect(until).toBeLessThanOrEqual(15 * 60_000);
    // Even the right code is refused while locked.
    const right = await post(p, `/sca/login/complete${q(c.id)}`, {
      factor: "SMS_OTP",
      challengeId: start.body.challengeId,
      code: "123456",
      ...IP,
    });
    expect(right.status).toBe(423);
    expect((await post(p, `/sca/login/start${q(c.id)}`, { factor: "SMS_OTP" })).status).toBe(423);
    expect((await post(p, `/sca/record-event${q(c.id)}`, { eventType: "FAILED_LOGIN_ATTEMPT" })).status).toBe(423);
    await post(p, `/sca/record-event${q(c.id)}`, { eventType: "RESET_PASSWORD_COMPLETED" });
    const after = await post(p, `/sca/login/complete${q(c.id)}`, {
      factor: "SMS_OTP",
      challengeId: start.body.challengeId,
      code: "123456",
      ...IP,
    });
    expect(after.status).toBe(200);
  });

  it("TOTP: enroll with a real RFC 6238 code (otpauth URI, secret encrypted at rest, recovery codes), then log in with it", async () => {
    const p = await newPlatform({ environment: "PRODUCTION" });
    const c = await euCustomer(p);
    const start = await post(p, `/sca/factors${q(c.id)}`, { type: "TOTP" });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.body.totpUri).toMatch(/^otpauth:\/\/totp\//);
    const totp = new TOTP({
      secret: Secret.fromBase32(start.body.secretBase32Encoded),
      digits: 6,
      period: 30,
      algorithm: "SHA1",
    });
    const [row] = await sql(
      (qq) => qq`select totp_pending_secret_enc as s from sca_states where customer_id = ${bare(c.id)}`,
    );
    expect(String(row.s)).toMatch(/^v1\./);
    expect(String(row.s)).not.toContain(start.body.secretBase32Encoded);
    // Production: the sandbox code is not accepted.
    const sandboxCode = await post(p, `/sca/factors/confirm${q(c.id)}`, {
      type: "TOTP",
      secret: start.body.secret,
      code: totp.generate() === "123456" ? "654321" : "123456",
    });
    expect(sandboxCode.status).toBe(400);
    const wrongSecret = await post(p, `/sca/factors/confirm${q(c.id)}`, {
      type: "TOTP",
      secret: "00".repeat(20),
      code: totp.generate(),
    });
    expect(wrongSecret.body.details.errors[0].field).toBe("secret");
    const ok = await post(p, `/sca/factors/confirm${q(c.id)}`, {
      type: "TOTP",
      secret: start.body.secret,
      code: totp.generate(),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.recoveryCodes).toHaveLength(8);
    const [stored] = await sql(
      (qq) => qq`select recovery_code_digests::text as d from sca_states where customer_id = ${bare(c.id)}`,
    );
    for (const code of ok.body.recoveryCodes) expect(stored.d).not.toContain(code);
    expect((await call("GET", `/sca/factors${q(c.id)}`, { auth: p.auth })).body).toEqual({
      factors: [{ factor: "TOTP" }],
    });
    expect((await post(p, `/sca/factors${q(c.id)}`, { type: "TOTP" })).status).toBe(409);

    expect((await post(p, `/sca/login/start${q(c.id)}`, { factor: "TOTP" })).body).toEqual({ factor: "TOTP" });
    const bad = await post(p, `/sca/login/complete${q(c.id)}`, {
      factor: "TOTP",
      code: String((Number(totp.generate()) + 500_000) % 1_000_000).padStart(6, "0"),
      ...IP,
    });
    expect(bad.status).toBe(400);
    const login = await post(p, `/sca/login/complete${q(c.id)}`, { factor: "TOTP", code: totp.generate(), ...IP });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.status).toBe("SUCCESS");
    expect((await post(p, `/sca/login/start${q(c.id)}`, { factor: "PASSKEY" })).status).toBe(400);
  });
});
