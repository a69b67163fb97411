import { describe, expect, it } from "vitest";
import { call, newPlatform, startPeerServer, type TestPlatform } from "../../support/api";
import { bare, sql } from "../../support/credentials";
import { balance, fund, quoteBody, usdExternal } from "../../support/money";

/**
 * Beneficiary trust and per-quote SCA authorization (Grid's /customers/external-accounts/{id}/trust…,
 * /quotes/{id}/authorize…), on PostgreSQL through the HTTP API.
 */
const DE = { line1: "1 Hauptstr.", city: "Berlin", postalCode: "10115", country: "DE" };
const IP = { endUserIpAddress: "127.1.2.7" };
const q = (id: string) => `?customerId=${encodeURIComponent(id)}`;
const post = (p: TestPlatform, path: string, body?: unknown) => call("POST", path, { auth: p.auth, body });

async function euCustomer(p: TestPlatform, opts: { country?: string; verifyPhone?: boolean; session?: boolean } = {}) {
  const r = await post(p, "/customers", {
    customerType: "INDIVIDUAL",
    fullName: "Eva Euro",
    phoneNumber: "+491701234567",
    address: { ...DE, country: opts.country ?? "DE" },
    currencies: ["USD"],
    endUserTermsConsent: {
      termsVersion: "V1",
      acceptedAt: new Date().toISOString(),
      acceptanceMethod: "CHECKBOX",
      ipAddress: "127.1.2.7",
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const id = r.body.id as string;
  if (opts.verifyPhone !== false && (opts.country ?? "DE") !== "US") {
    await post(p, `/customers/${id}/verify-phone`);
    expect((await post(p, `/customers/${id}/verify-phone/confirm`, { code: "123456" })).status).toBe(200);
  }
  if (opts.session) {
    const start = await post(p, `/sca/login/start${q(id)}`, { factor: "SMS_OTP" });
    const done = await post(p, `/sca/login/complete${q(id)}`, {
      factor: "SMS_OTP",
      challengeId: start.body.challengeId,
      code: "123456",
      ...IP,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  }
  const accts = await call("GET", `/customers/internal-accounts${q(id)}`, { auth: p.auth });
  const usd = accts.body.data.find((a: any) => a.balance.currency.code === "USD" && a.type !== "EMBEDDED_WALLET")
    .id as string;
  return { id, usd };
}

async function events(p: TestPlatform, type: string) {
  return sql((qq) => qq`select data from outbox_events where platform_id = ${bare(p.id)} and type = ${type}`);
}

describe("beneficiary trust", () => {
  it("409 outside the SCA regions and without a factor; 404 for another tenant's account", async () => {
    const p = await newPlatform();
    const us = await euCustomer(p, { country: "US" });
    const usExt = await usdExternal(p, us.id);
    for (const path of ["trust", "untrust"]) {
      const r = await post(p, `/customers/external-accounts/${usExt}/${path}`);
      expect(r.status, path).toBe(409);
      expect((await post(p, `/customers/external-accounts/${usExt}/${path}/confirm`, { code: "123456" })).status).toBe(
        409,
      );
    }
    const noFactor = await euCustomer(p, { verifyPhone: false });
    const ext = await usdExternal(p, noFactor.id);
    const r = await post(p, `/customers/external-accounts/${ext}/trust`);
    expect(r.status).toBe(409);
    expect(r.body.details.reason).toBe("NO_SCA_FACTOR");
    const other = await newPlatform();
    const foreign = await post(other, `/customers/external-accounts/${ext}/trust`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("EXTERNAL_ACCOUNT_NOT_FOUND");
  });

  it("trust under SCA: a trusted beneficiary skips the quote challenge and cannot be deleted (409 BENEFICIARY_TRUSTED); untrust restores both", async () => {
    const p = await newPlatform();
    const c = await euCustomer(p, { session: true });
    await fund(p, c.usd, 100_000);
    const ext = await usdExternal(p, c.id);

    const start = await post(p, `/customers/external-accounts/${ext}/trust`);
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.body.scaChallenge).toMatchObject({
      id: expect.stringMatching(/^ScaChallenge:/),
      factor: "SMS_OTP",
      availableFactors: ["SMS_OTP"],
    });
    expect(Date.parse(start.body.scaChallenge.expiresAt)).toBeGreaterThan(Date.now());
    const [stored] = await sql(
      (qq) => qq`select code_digest from sca_challenges where id = ${bare(start.body.scaChallenge.id)}`,
    );
    expect(String(stored.code_digest)).not.toContain("123456");

    const missing = await post(p, `/customers/external-accounts/${ext}/trust/confirm`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.details.errors[0].field).toBe("code");
    const wrong = await post(p, `/customers/external-accounts/${ext}/trust/confirm`, { code: "000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.failedAttempts).toBe(1);
    const ok = await post(p, `/customers/external-accounts/${ext}/trust/confirm`, {
      challengeId: start.body.scaChallenge.id,
      code: "123456",
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({ trusted: true });
    // The challenge is spent.
    expect((await post(p, `/customers/external-accounts/${ext}/trust/confirm`, { code: "123456" })).status).toBe(400);

    const del = await call("DELETE", `/customers/external-accounts/${ext}`, { auth: p.auth });
    expect(del.status).toBe(409);
    expect(del.body.code).toBe("BENEFICIARY_TRUSTED");

    const exempt = await post(p, "/quotes", quoteBody(c.usd, ext, 1000, { immediatelyExecute: true }));
    expect(exempt.status, JSON.stringify(exempt.body)).toBe(201);
    expect(exempt.body.status).not.toBe("PENDING_AUTHORIZATION");
    expect(exempt.body.scaChallenge).toBeUndefined();

    const un = await post(p, `/customers/external-accounts/${ext}/untrust`);
    expect(un.status).toBe(200);
    expect((await post(p, `/customers/external-accounts/${ext}/untrust/confirm`, { code: "123456" })).body).toEqual({
      trusted: false,
    });
    const held = await post(p, "/quotes", quoteBody(c.usd, ext, 1000, { immediatelyExecute: true }));
    expect(held.status, JSON.stringify(held.body)).toBe(202);
    expect(held.body.status).toBe("PENDING_AUTHORIZATION");
    expect((await call("DELETE", `/customers/external-accounts/${ext}`, { auth: p.auth })).status).toBe(204);
  });
});

describe("quote authorization", () => {
  it("an EU customer's executed quote waits PENDING_AUTHORIZATION (no money moves) until authorized; then it executes", async () => {
    const p = await newPlatform();
    const c = await euCustomer(p, { session: true });
    await fund(p, c.usd, 100_000);
    const ext = await usdExternal(p, c.id);

    const held = await post(p, "/quotes", quoteBody(c.usd, ext, 1000, { immediatelyExecute: true }));
    expect(held.status, JSON.stringify(held.body)).toBe(202);
    expect(held.body).toMatchObject({
      status: "PENDING_AUTHORIZATION",
      scaChallenge: { factor: "SMS_OTP", availableFactors: ["SMS_OTP"] },
    });
    expect(await balance(p, c.usd)).toBe(100_000);
    const txn = await call("GET", `/transactions/${held.body.transactionId}`, { auth: p.auth });
    expect(txn.body.status).toBe("PENDING_AUTHORIZATION");
    const announced = await events(p, "OUTGOING_PAYMENT.PENDING_AUTHORIZATION");
    expect(announced.map((e: any) => e.data.id)).toContain(held.body.transactionId);
    expect((await call("GET", `/quotes/${held.body.id}`, { auth: p.auth })).body.scaChallenge.id).toBe(
      held.body.scaChallenge.id,
    );
    expect((await post(p, `/quotes/${held.body.id}/execute`)).status).toBe(409);

    expect((await post(p, `/quotes/${held.body.id}/authorize/resend`)).status).toBe(204);
    expect((await post(p, `/quotes/${held.body.id}/authorize/resend`)).status).toBe(429);
    const bad = await post(p, `/quotes/${held.body.id}/authorize`, { code: "000000", ...IP });
    expect(bad.status).toBe(400);
    const done = await post(p, `/quotes/${held.body.id}/authorize`, { code: "123456", ...IP });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(["PROCESSING", "COMPLETED"]).toContain(done.body.status);
    expect(done.body.scaChallenge).toBeUndefined();
    expect(await balance(p, c.usd)).toBe(100_000 - held.body.totalSendingAmount);
    expect((await call("GET", `/transactions/${held.body.transactionId}`, { auth: p.auth })).body.status).not.toBe(
      "PENDING_AUTHORIZATION",
    );
    const again = await post(p, `/quotes/${held.body.id}/authorize`, { code: "123456", ...IP });
    expect(again.status).toBe(409);

    // Created first, executed later: POST /quotes/{id}/execute answers 200 with the pending authorization.
    const later = await post(p, "/quotes", quoteBody(c.usd, ext, 500));
    expect(later.status).toBe(201);
    expect(later.body.status).toBe("PENDING");
    const totp = await post(p, `/quotes/${later.body.id}/execute`, { scaFactor: "TOTP" });
    expect(totp.status).toBe(400);
    expect(totp.body.details.errors[0].field).toBe("scaFactor");
    expect((await post(p, `/quotes/${later.body.id}/execute`, { scaFactor: "PASSKEY" })).status).toBe(400);
    const exec = await post(p, `/quotes/${later.body.id}/execute`, { scaFactor: "SMS_OTP" });
    expect(exec.status, JSON.stringify(exec.body)).toBe(200);
    expect(exec.body.status).toBe("PENDING_AUTHORIZATION");
  });

  it("409 for customers outside the SCA regions; 409 SCA_SESSION_REQUIRED without a session; five failures → 423 ACCOUNT_LOCKED", async () => {
    const p = await newPlatform();
    const us = await euCustomer(p, { country: "US" });
    await fund(p, us.usd, 10_000);
    const usQuote = await post(
      p,
      "/quotes",
      quoteBody(us.usd, await usdExternal(p, us.id), 100, { immediatelyExecute: true }),
    );
    expect(usQuote.status).toBe(201);
    expect((await post(p, `/quotes/${usQuote.body.id}/authorize`, { code: "123456" })).status).toBe(409);
    expect((await post(p, `/quotes/${usQuote.body.id}/authorize/resend`)).status).toBe(409);
    expect(
      (await post(p, `/quotes/Quote:00000000-0000-7000-8000-000000000000/authorize`, { code: "123456" })).status,
    ).toBe(404);

    const c = await euCustomer(p, { session: true });
    await fund(p, c.usd, 10_000);
    const ext = await usdExternal(p, c.id);
    const held = await post(p, "/quotes", quoteBody(c.usd, ext, 100, { immediatelyExecute: true }));
    expect(held.status).toBe(202);
    await sql(
      (qq) =>
        qq`update sca_states set session_expires_at = now() - interval '1 second' where customer_id = ${bare(c.id)}`,
    );
    const noSession = await post(p, `/quotes/${held.body.id}/authorize`, { code: "123456", ...IP });
    expect(noSession.status).toBe(409);
    expect(noSession.body.code).toBe("SCA_SESSION_REQUIRED");
    await sql(
      (qq) => qq`update sca_states set session_expires_at = now() + interval '1 day' where customer_id = ${bare(c.id)}`,
    );
    for (let i = 1; i <= 4; i++) {
      const r = await post(p, `/quotes/${held.body.id}/authorize`, { code: "000000", ...IP });
      expect(r.status).toBe(400);
      expect(r.body.details.failedAttempts).toBe(i);
    }
    const fifth = await post(p, `/quotes/${held.body.id}/authorize`, { code: "000000", ...IP });
    expect(fifth.status).toBe(423);
    expect(fifth.body.code).toBe("ACCOUNT_LOCKED");
    expect(Date.parse(fifth.body.details.lockedUntil)).toBeGreaterThan(Date.now());
    const locked = await post(p, `/quotes/${held.body.id}/authorize`, { code: "123456", ...IP });
    expect(locked.status).toBe(423);
    expect(await balance(p, c.usd)).toBe(10_000);
  });

  it("a challenge that expires unanswered fails the transaction with SCA_NOT_COMPLETED: at authorize, and by the sweeper", async () => {
    const p = await newPlatform();
    const c = await euCustomer(p, { session: true });
    await fund(p, c.usd, 10_000);
    const ext = await usdExternal(p, c.id);
    // The challenge's own row is what POST /authorize checks; the quote's copy (sca_challenge.expiresAt) is what the
    // sweeper looks for. The first quote ages the row only, so that the suite server's sweeper cannot fail it before
    // the late authorize does (it did once: 409 instead of 400); the second ages both, for the sweeper.
    const ageChallenge = (quoteId: string) =>
      sql(
        (qq) =>
          qq`update sca_challenges set expires_at = now() - interval '1 minute' where subject_id = ${bare(quoteId)}`,
      );
    const age = async (quoteId: string) => {
      await sql(
        (qq) =>
          qq`update quotes set sca_challenge = jsonb_set(sca_challenge, '{expiresAt}', to_jsonb((now() - interval '1 minute')::text)) where id = ${bare(quoteId)}`,
      );
      await ageChallenge(quoteId);
    };

    const first = await post(p, "/quotes", quoteBody(c.usd, ext, 100, { immediatelyExecute: true }));
    await ageChallenge(first.body.id);
    const late = await post(p, `/quotes/${first.body.id}/authorize`, { code: "123456", ...IP });
    expect(late.status).toBe(400);
    expect(late.body.details.reason).toBe("SCA_NOT_COMPLETED");
    const failed = await call("GET", `/transactions/${first.body.transactionId}`, { auth: p.auth });
    expect(failed.body).toMatchObject({ status: "FAILED", failureReason: "SCA_NOT_COMPLETED" });
    expect((await call("GET", `/quotes/${first.body.id}`, { auth: p.auth })).body.status).toBe("FAILED");
    const failedEvents = await events(p, "OUTGOING_PAYMENT.FAILED");
    expect(failedEvents.map((e: any) => e.data.id)).toContain(first.body.transactionId);

    const second = await post(p, "/quotes", quoteBody(c.usd, ext, 100, { immediatelyExecute: true }));
    await age(second.body.id);
    const sweeper = await startPeerServer({ SWEEP_INTERVAL_MS: "200", WEBHOOK_WORKER: "off" });
    try {
      let status = "";
      for (let i = 0; i < 100 && status !== "FAILED"; i++) {
        status = (await call("GET", `/transactions/${second.body.transactionId}`, { auth: p.auth })).body.status;
        if (status !== "FAILED") await new Promise((r) => setTimeout(r, 200));
      }
      const swept = await call("GET", `/transactions/${second.body.transactionId}`, { auth: p.auth });
      expect(swept.body).toMatchObject({ status: "FAILED", failureReason: "SCA_NOT_COMPLETED" });
    } finally {
      await sweeper.stop();
    }
    expect(await balance(p, c.usd)).toBe(10_000);
  });
});

describe("quote authorization on a production platform: the code goes through the SMS gateway", () => {
  it("the held quote's SMS carries the code that authorizes it; a resend repeats the same code; the code is not stored", async () => {
    const { startSmsReceiver } = await import("../../support/sms-receiver");
    const sms = await startSmsReceiver();
    const server = await startPeerServer({ SMS_URL: sms.url(), WEBHOOK_WORKER: "off", SWEEPER: "off" });
    try {
      const p = await newPlatform();
      const c = await euCustomer(p, { session: true });
      await fund(p, c.usd, 10_000);
      const ext = await usdExternal(p, c.id);
      await sql((qq) => qq`update platforms set environment = 'PRODUCTION' where id = ${bare(p.id)}`);
      const at = (path: string, body?: unknown) =>
        fetch(`${server.url}/api/2025-10-13${path}`, {
          method: "POST",
          headers: { authorization: p.auth, "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        }).then(async (r) => ({ status: r.status, body: await r.json().catch(() => null) }));
      const codeFor = async (n: number) => {
        for (let i = 0; i < 100 && sms.outbox.length < n; i++) await new Promise((r) => setTimeout(r, 100));
        expect(sms.outbox).toHaveLength(n);
        expect(sms.outbox[n - 1].to).toBe("+491701234567");
        return /code is (\d{6})/.exec(sms.outbox[n - 1].body)![1];
      };
      const held = await at("/quotes", quoteBody(c.usd, ext, 1000, { immediatelyExecute: true }));
      expect(held.status, JSON.stringify(held.body)).toBe(202);
      const code = await codeFor(1);
      const [row] = await sql(
        (qq) => qq`select code_digest from sca_challenges where id = ${bare(held.body.scaChallenge.id)}`,
      );
      expect(String(row.code_digest)).not.toContain(code);
      // The re-send rule also covers the first text: a resend within 30 s is 429; the later one repeats the code.
      expect((await at(`/quotes/${held.body.id}/authorize/resend`)).status).toBe(429);
      await sql((qq) => qq`delete from rate_limit_events where key = ${`sca-resend:${bare(held.body.id)}`}`);
      expect((await at(`/quotes/${held.body.id}/authorize/resend`)).status).toBe(204);
      expect(await codeFor(2)).toBe(code);
      const done = await at(`/quotes/${held.body.id}/authorize`, { code, ...IP });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(await balance(p, c.usd)).toBe(10_000 - held.body.totalSendingAmount);
    } finally {
      await server.stop();
      await sms.close();
    }
  });
});
