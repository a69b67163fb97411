import { describe, expect, it } from "vitest";
import { call, newPlatform, type TestPlatform } from "../../support/api";
import { bare, sql } from "../../support/credentials";
import { balance, fund, quoteBody, usdExternal } from "../../support/money";
import { SoftAuthenticator } from "../../support/soft-authenticator";

/**
 * SCA factors beyond SMS_OTP and TOTP: PASSKEY factors (WebAuthn checked with @simplewebauthn/server under the
 * platform's wallet RP settings; a software authenticator plays the device), factor deletion and the 2FA reset.
 */
const ORIGIN = "http://localhost:3000";
const IP = { endUserIpAddress: "127.1.2.7" };
const q = (id: string) => `?customerId=${encodeURIComponent(id)}`;
const post = (p: TestPlatform, path: string, body?: unknown) => call("POST", path, { auth: p.auth, body });

async function euCustomer(p: TestPlatform, verifyPhone = true) {
  const r = await post(p, "/customers", {
    customerType: "INDIVIDUAL",
    fullName: "Eva Euro",
    phoneNumber: "+491701234567",
    address: { line1: "1 Hauptstr.", city: "Berlin", postalCode: "10115", country: "DE" },
    currencies: ["USD"],
    endUserTermsConsent: {
      termsVersion: "V1",
      acceptedAt: new Date().toISOString(),
      acceptanceMethod: "CHECKBOX",
      ipAddress: "127.1.2.7",
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  if (verifyPhone) {
    await post(p, `/customers/${r.body.id}/verify-phone`);
    await post(p, `/customers/${r.body.id}/verify-phone/confirm`, { code: "123456" });
  }
  return r.body.id as string;
}

/** The browser's PublicKeyCredential JSON (what @simplewebauthn/browser hands over) from the software authenticator. */
function registrationJson(auth: SoftAuthenticator, challenge: string) {
  const a = auth.create(challenge);
  return {
    id: a.credentialId,
    rawId: a.credentialId,
    type: "public-key",
    response: { clientDataJSON: a.clientDataJson, attestationObject: a.attestationObject, transports: a.transports },
    clientExtensionResults: {},
  };
}
function assertionJson(auth: SoftAuthenticator, credentialId: string, challenge: string, wrongKey = false) {
  const a = auth.get(credentialId, Buffer.from(challenge, "base64url"), { wrongKey });
  return {
    id: credentialId,
    rawId: credentialId,
    type: "public-key",
    response: {
      clientDataJSON: a.clientDataJson,
      authenticatorData: a.authenticatorData,
      signature: a.signature,
      userHandle: a.userHandle,
    },
    clientExtensionResults: {},
  };
}

async function enrollPasskey(p: TestPlatform, customerId: string, auth: SoftAuthenticator) {
  const start = await post(p, `/sca/factors${q(customerId)}`, { type: "PASSKEY" });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  expect(start.body).toMatchObject({ type: "PASSKEY", relyingPartyId: "localhost", allowedOrigins: [ORIGIN] });
  const credential = registrationJson(auth, start.body.options.challenge);
  const done = await post(p, `/sca/factors/confirm${q(customerId)}`, { type: "PASSKEY", origin: ORIGIN, credential });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  expect(done.body).toMatchObject({ type: "PASSKEY", factor: { factor: "PASSKEY", credentialId: credential.id } });
  return credential.id;
}

describe("PASSKEY SCA factors", () => {
  it("enroll (registration checked against challenge, origin and RP ID), log in with an assertion, authorize a quote, delete", async () => {
    const p = await newPlatform();
    const c = await euCustomer(p, false);
    const auth = new SoftAuthenticator("localhost", ORIGIN);

    const start = await post(p, `/sca/factors${q(c)}`, { type: "PASSKEY" });
    const badOrigin = await post(p, `/sca/factors/confirm${q(c)}`, {
      type: "PASSKEY",
      origin: "https://evil.example",
      credential: registrationJson(
        new SoftAuthenticator("localhost", "https://evil.example"),
        start.body.options.challenge,
      ),
    });
    expect(badOrigin.status).toBe(400);
    expect(badOrigin.body.details.errors[0].field).toBe("origin");
    const wrongChallenge = await post(p, `/sca/factors/confirm${q(c)}`, {
      type: "PASSKEY",
      origin: ORIGIN,
      credential: registrationJson(auth, Buffer.alloc(32, 7).toString("base64url")),
    });
    expect(wrongChallenge.status).toBe(400);
    expect(wrongChallenge.body.details.errors[0].field).toBe("credential");

    const credentialId = await enrollPasskey(p, c, auth);
    const [row] = await sql((qq) => qq`select public_key from sca_passkeys where credential_id = ${credentialId}`);
    expect(String(row.public_key).length).toBeGreaterThan(40);
    const factors = await call("GET", `/sca/factors${q(c)}`, { auth: p.auth });
    expect(factors.body.factors).toEqual([{ factor: "PASSKEY", credentialId, name: expect.any(String) }]);

    // SCA login with the passkey.
    const login = await post(p, `/sca/login/start${q(c)}`, { factor: "PASSKEY" });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body).toMatchObject({ factor: "PASSKEY", relyingPartyId: "localhost", allowedOrigins: [ORIGIN] });
    expect(login.body.passkeyOptions.allowCredentials[0].id).toBe(credentialId);
    const forged = assertionJson(auth, credentialId, login.body.passkeyOptions.challenge, true);
    const refused = await post(p, `/sca/login/complete${q(c)}`, {
      factor: "PASSKEY",
      passkeyAssertion: forged,
      origin: ORIGIN,
      ...IP,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details.failedAttempts).toBe(1);
    const noOrigin = await post(p, `/sca/login/complete${q(c)}`, {
      factor: "PASSKEY",
      passkeyAssertion: { id: credentialId },
      ...IP,
    });
    expect(noOrigin.status).toBe(400);
    expect(noOrigin.body.details.errors[0].field).toBe("origin");
    const assertion = assertionJson(auth, credentialId, login.body.passkeyOptions.challenge);
    const done = await post(p, `/sca/login/complete${q(c)}`, {
      factor: "PASSKEY",
      passkeyAssertion: assertion,
      origin: ORIGIN,
      ...IP,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe("SUCCESS");
    // The assertion is single use.
    const replay = await post(p, `/sca/login/complete${q(c)}`, {
      factor: "PASSKEY",
      passkeyAssertion: assertion,
      origin: ORIGIN,
      ...IP,
    });
    expect(replay.status).toBe(400);

    // A quote's challenge goes to the passkey (the only factor); the assertion releases it.
    const accts = await call("GET", `/customers/internal-accounts${q(c)}`, { auth: p.auth });
    const usd = accts.body.data.find((a: any) => a.balance.currency.code === "USD" && a.type !== "EMBEDDED_WALLET").id;
    await fund(p, usd, 10_000);
    const ext = await usdExternal(p, c);
    const held = await post(p, "/quotes", quoteBody(usd, ext, 1000, { immediatelyExecute: true }));
    expect(held.status, JSON.stringify(held.body)).toBe(202);
    expect(held.body.scaChallenge).toMatchObject({ factor: "PASSKEY", availableFactors: ["PASSKEY"] });
    const opts = held.body.scaChallenge.passkeyAssertionOptions;
    expect(opts.rpId).toBe("localhost");
    expect((await post(p, `/quotes/${held.body.id}/authorize/resend`)).status).toBe(409);
    const paid = await post(p, `/quotes/${held.body.id}/authorize`, {
      passkeyAssertion: assertionJson(auth, credentialId, opts.challenge),
      origin: ORIGIN,
      ...IP,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await balance(p, usd)).toBe(10_000 - held.body.totalSendingAmount);

    expect((await call("DELETE", `/sca/factors/nope${q(c)}`, { auth: p.auth })).status).toBe(404);
    expect((await call("DELETE", `/sca/factors/${credentialId}${q(c)}`, { auth: p.auth })).status).toBe(204);
    expect((await call("GET", `/sca/factors${q(c)}`, { auth: p.auth })).body.factors).toEqual([]);
    const us = await post(p, "/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Sam US",
      address: { line1: "1 Main", city: "Austin", postalCode: "73301", country: "US" },
    });
    expect((await call("DELETE", `/sca/factors/${credentialId}${q(us.body.id)}`, { auth: p.auth })).status).toBe(409);
  });
});

describe("2FA reset", () => {
  it("sandbox: liveness passes at once; completing clears the lost factor (TOTP → re-enrollment PENDING, then COMPLETED)", async () => {
    const p = await newPlatform();
    const c = await euCustomer(p);
    const totp = await post(p, `/sca/factors${q(c)}`, { type: "TOTP" });
    await post(p, `/sca/factors/confirm${q(c)}`, { type: "TOTP", secret: totp.body.secret, code: "123456" });
    expect((await post(p, `/sca/factors/reset${q(c)}`, { factor: "PASSKEY" })).status).toBe(400);

    const start = await post(p, `/sca/factors/reset${q(c)}`, { factor: "TOTP" });
    expect(start.status, JSON.stringify(start.body)).toBe(201);
    expect(start.body.resetId).toMatch(/^TwoFactorReset:/);
    const status = await call("GET", `/sca/factors/reset/${start.body.resetId}${q(c)}`, { auth: p.auth });
    expect(status.body).toMatchObject({
      status: "LIVENESS_PASSED",
      factor: "TOTP",
      enrollmentStatus: null,
      completedAt: null,
    });
    expect(
      (await call("GET", `/sca/factors/reset/${start.body.resetId}${q(await euCustomer(p))}`, { auth: p.auth })).status,
    ).toBe(404);

    expect((await post(p, `/sca/factors/reset/${start.body.resetId}/complete${q(c)}`)).status).toBe(204);
    const after = await call("GET", `/sca/factors/reset/${start.body.resetId}${q(c)}`, { auth: p.auth });
    expect(after.body).toMatchObject({
      status: "COMPLETED",
      enrollmentStatus: "PENDING",
      completedAt: expect.any(String),
    });
    expect((await call("GET", `/sca/factors${q(c)}`, { auth: p.auth })).body.factors).toEqual([{ factor: "SMS_OTP" }]);
    expect((await post(p, `/sca/factors/reset/${start.body.resetId}/complete${q(c)}`)).status).toBe(400);
    const again = await post(p, `/sca/factors${q(c)}`, { type: "TOTP" });
    await post(p, `/sca/factors/confirm${q(c)}`, { type: "TOTP", secret: again.body.secret, code: "123456" });
    expect(
      (await call("GET", `/sca/factors/reset/${start.body.resetId}${q(c)}`, { auth: p.auth })).body.enrollmentStatus,
    ).toBe("COMPLETED");
  });

  it("SMS_OTP reset enrolls the new mobile number; production resets wait for liveness (400 on complete); 5 starts per day", async () => {
    const p = await newPlatform();
    const c = await euCustomer(p);
    const start = await post(p, `/sca/factors/reset${q(c)}`, { factor: "SMS_OTP" });
    const noMobile = await post(p, `/sca/factors/reset/${start.body.resetId}/complete${q(c)}`, {});
    expect(noMobile.status).toBe(400);
    expect(noMobile.body.details.errors[0].field).toBe("mobile");
    const ok = await post(p, `/sca/factors/reset/${start.body.resetId}/complete${q(c)}`, {
      mobile: { countryCode: "+49", number: "1709999999" },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(204);
    const customer = await call("GET", `/customers/${c}`, { auth: p.auth });
    expect(customer.body.phoneNumber).toBe("+491709999999");
    expect(customer.body.contactVerification.phone).toBe("VERIFIED");
    for (let i = 0; i < 4; i++)
      expect((await post(p, `/sca/factors/reset${q(c)}`, { factor: "SMS_OTP" })).status).toBe(201);
    expect((await post(p, `/sca/factors/reset${q(c)}`, { factor: "SMS_OTP" })).status).toBe(429);

    const prod = await newPlatform({ environment: "PRODUCTION" });
    const pc = await euCustomer(prod, false);
    const t = await post(prod, `/sca/factors${q(pc)}`, { type: "TOTP" });
    expect(t.status).toBe(200);
    await sql(
      (qq) => qq`update sca_states set totp_secret_enc = totp_pending_secret_enc where customer_id = ${bare(pc)}`,
    );
    const pr = await post(prod, `/sca/factors/reset${q(pc)}`, { factor: "TOTP" });
    expect(pr.status).toBe(201);
    expect((await call("GET", `/sca/factors/reset/${pr.body.resetId}${q(pc)}`, { auth: prod.auth })).body.status).toBe(
      "INITIATED",
    );
    const early = await post(prod, `/sca/factors/reset/${pr.body.resetId}/complete${q(pc)}`);
    expect(early.status).toBe(400);
    expect(early.body.details.status).toBe("INITIATED");
  });
});
