import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, newPlatform, startPeerServer, type TestPlatform } from "../../support/api";
import { bare, sql } from "../../support/credentials";
import type { RunningServer } from "../../support/server";
import { startSmsReceiver } from "../../support/sms-receiver";
import { startSmtp, type Mail } from "../../support/smtp-receiver";

const EU = { line1: "1 Hauptstr.", city: "Berlin", postalCode: "10115", country: "DE" };

async function customer(p: TestPlatform, body: Record<string, unknown>, base?: string) {
  const r = base
    ? await fetch(`${base}/customers`, {
        method: "POST",
        headers: { authorization: p.auth, "content-type": "application/json" },
        body: JSON.stringify({ customerType: "INDIVIDUAL", fullName: "Eva", ...body }),
      }).then(async (x) => ({ status: x.status, body: await x.json() }))
    : await call("POST", "/customers", {
        auth: p.auth,
        body: { customerType: "INDIVIDUAL", fullName: "Eva", ...body },
      });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

const post = (p: TestPlatform, path: string, body?: unknown, base?: string) =>
  base
    ? fetch(`${base}${path}`, {
        method: "POST",
        headers: { authorization: p.auth, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(async (r) => {
        const t = await r.text();
        return { status: r.status, body: t ? JSON.parse(t) : undefined };
      })
    : call("POST", path, { auth: p.auth, body });

describe("contact verification", () => {
  it("only customers whose region (else address country) is EEA/CH/UK: others 409 and no contactVerification", async () => {
    const p = await newPlatform();
    const us = await customer(p, { phoneNumber: "+14155550123", address: { ...EU, country: "US" } });
    expect(us.contactVerification).toBeUndefined();
    for (const path of ["verify-email", "verify-phone"]) {
      expect((await post(p, `/customers/${us.id}/${path}`)).status).toBe(409);
      expect((await post(p, `/customers/${us.id}/${path}/confirm`, { code: "123456" })).status).toBe(409);
    }
    const regionOverrides = await customer(p, {
      phoneNumber: "+14155550124",
      region: "CH",
      address: { ...EU, country: "US" },
    });
    expect(regionOverrides.contactVerification).toEqual({ phone: "PENDING" });
    const uk = await customer(p, { phoneNumber: "+447700900123", address: { ...EU, country: "GB" } });
    expect(uk.contactVerification).toEqual({ phone: "PENDING" });
  });

  it("sandbox: code 123456, wrong code 400, VERIFIED per channel; kyc-link waits for both; a changed number is PENDING again", async () => {
    const p = await newPlatform();
    const c = await customer(p, { email: `eva${Date.now()}@example.com`, phoneNumber: "+491701234567", address: EU });
    expect(c.contactVerification).toEqual({ email: "PENDING", phone: "PENDING" });
    const link = await post(p, `/customers/${c.id}/kyc-link`);
    expect(link.status).toBe(409);
    expect(link.body.details.contactVerification).toEqual({ email: "PENDING", phone: "PENDING" });

    const early = await post(p, `/customers/${c.id}/verify-email/confirm`, { code: "123456" });
    expect(early.status).toBe(400);
    expect(early.body.details.reason).toBe("NO_CODE");
    expect((await post(p, `/customers/${c.id}/verify-email`)).status).toBe(204);
    const wrong = await post(p, `/customers/${c.id}/verify-email/confirm`, { code: "654321" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.reason).toBe("INVALID_CODE");
    const ok = await post(p, `/customers/${c.id}/verify-email/confirm`, { code: "123456" });
    expect(ok.status).toBe(200);
    expect(ok.body.contactVerification).toEqual({ email: "VERIFIED", phone: "PENDING" });
    expect((await post(p, `/customers/${c.id}/verify-email`)).body.details.reason).toBe("ALREADY_VERIFIED");
    expect((await post(p, `/customers/${c.id}/verify-phone`)).status).toBe(204);
    const phone = await post(p, `/customers/${c.id}/verify-phone/confirm`, { code: "123456" });
    expect(phone.body.contactVerification).toEqual({ email: "VERIFIED", phone: "VERIFIED" });
    expect((await post(p, `/customers/${c.id}/kyc-link`)).status).toBe(201);

    const changed = await call("PATCH", `/customers/${c.id}`, { auth: p.auth, body: { phoneNumber: "+491709999999" } });
    expect(changed.body.contactVerification).toEqual({ email: "VERIFIED", phone: "PENDING" });
    const bad = await post(p, `/customers/${c.id}/verify-phone/confirm`, { code: "12" });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0].field).toBe("code");
  });

  it("attempts are limited, codes expire, a resend waits 30 s, codes are kept only as keyed digests, tenants are isolated", async () => {
    const p = await newPlatform();
    const c = await customer(p, { phoneNumber: "+33612345678", address: { ...EU, country: "FR" } });
    expect((await post(p, `/customers/${c.id}/verify-phone`)).status).toBe(204);
    const again = await post(p, `/customers/${c.id}/verify-phone`);
    expect(again.status).toBe(429);
    const [row] = await sql(
      (q) => q`select code_digest, destination from contact_challenges where customer_id = ${bare(c.id)}`,
    );
    expect(row.code_digest).toMatch(/^[0-9a-f]{64}$/);
    expect(row.destination).toBe("+33612345678");
    for (let i = 0; i < 5; i++)
      expect((await post(p, `/customers/${c.id}/verify-phone/confirm`, { code: "000001" })).body.details.reason).toBe(
        "INVALID_CODE",
      );
    const locked = await post(p, `/customers/${c.id}/verify-phone/confirm`, { code: "123456" });
    expect(locked.status).toBe(400);
    expect(locked.body.details.reason).toBe("TOO_MANY_ATTEMPTS");

    const d = await customer(p, { phoneNumber: "+33612345679", address: { ...EU, country: "FR" } });
    await post(p, `/customers/${d.id}/verify-phone`);
    await sql(
      (q) =>
        q`update contact_challenges set expires_at = now() - interval '1 second' where customer_id = ${bare(d.id)}`,
    );
    expect((await post(p, `/customers/${d.id}/verify-phone/confirm`, { code: "123456" })).body.details.reason).toBe(
      "CODE_EXPIRED",
    );

    const other = await newPlatform();
    for (const path of ["verify-phone", "verify-phone/confirm"]) {
      const r = await post(
        other,
        `/customers/${d.id}/${path}`,
        path.endsWith("confirm") ? { code: "123456" } : undefined,
      );
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("USER_NOT_FOUND");
    }
  });

  it("production without SMS_URL answers 503 for phone codes", async () => {
    const p = await newPlatform({ environment: "PRODUCTION" });
    const c = await customer(p, { phoneNumber: "+34612345678", address: { ...EU, country: "ES" } });
    const r = await post(p, `/customers/${c.id}/verify-phone`);
    expect(r.status).toBe(503);
    expect(r.body.code).toBe("SERVICE_UNAVAILABLE");
  });
});

describe("contact verification on a production platform: real mail and a real SMS gateway on loopback", () => {
  const inbox: Mail[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let sms: Awaited<ReturnType<typeof startSmsReceiver>>;
  let server: RunningServer;
  beforeAll(async () => {
    smtp = await startSmtp(inbox);
    sms = await startSmsReceiver();
    server = await startPeerServer({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SMS_URL: sms.url("AC1", "tok:en"),
      SMS_FROM: "+15005550006",
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await sms?.close();
  });

  it("sends the code by email and by SMS (Twilio-compatible form, Basic auth); the code is not stored", async () => {
    const p = await newPlatform({ environment: "PRODUCTION" });
    const base = `${server.url}/api/2025-10-13`;
    const email = `prod${Date.now()}@example.com`;
    const c = await customer(p, { email, phoneNumber: "+4915112345678", address: EU }, base);
    expect((await post(p, `/customers/${c.id}/verify-email`, undefined, base)).status).toBe(204);
    const mail = inbox.find((m) => m.to.includes(email))!;
    const mailCode = /verification code is (\d{6})/.exec(mail.raw)![1];
    expect((await post(p, `/customers/${c.id}/verify-phone`, undefined, base)).status).toBe(204);
    expect(sms.outbox).toHaveLength(1);
    const msg = sms.outbox[0];
    expect(msg).toMatchObject({
      to: "+4915112345678",
      from: "+15005550006",
      contentType: "application/x-www-form-urlencoded",
    });
    expect(msg.authorization).toBe(`Basic ${Buffer.from("AC1:tok:en").toString("base64")}`);
    const smsCode = /verification code is (\d{6})/.exec(msg.body)![1];
    const dump = JSON.stringify(
      await sql((q) => q`select * from contact_challenges where customer_id = ${bare(c.id)}`),
    );
    expect(dump).not.toContain(mailCode);
    expect(dump).not.toContain(smsCode);
    if (smsCode !== "123456")
      expect((await post(p, `/customers/${c.id}/verify-phone/confirm`, { code: "123456" }, base)).status).toBe(400);
    expect(
      (await post(p, `/customers/${c.id}/verify-email/confirm`, { code: mailCode }, base)).body.contactVerification
        .email,
    ).toBe("VERIFIED");
    const done = await post(p, `/customers/${c.id}/verify-phone/confirm`, { code: smsCode }, base);
    expect(done.body.contactVerification).toEqual({ email: "VERIFIED", phone: "VERIFIED" });
  });
});
