import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateP256KeyPair } from "@/lib/shared/crypto/web";
import { ServiceError, signedRetry, stampSigner, type AuthMethod, type ServiceClient } from "@/lib/sdk";
import { newPlatform, type TestPlatform } from "../../support/api";
import { openSession, setPlatformEnvironment } from "../../support/credentials";
import { nonceFor, nowSeconds, startOidcIssuer, type OidcIssuer } from "../../support/oidc-issuer";
import { newWalletUser, sdkFor, signInWithEmailOtp } from "../../support/wallet";

let idp: OidcIssuer;
beforeAll(async () => {
  idp = await startOidcIssuer();
}, 60_000);
afterAll(async () => idp?.stop());

const AUD = "wallet-app";

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string; reason?: string }> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ServiceError) return { status: e.status, code: e.code, reason: e.reason };
    throw e;
  }
  throw new Error("expected a refusal");
}

/**
 * A PRODUCTION platform trusting the test issuer. The account's first session comes from EMAIL_OTP, which
 * on production needs mail: it is made while the platform is still SANDBOX (OTP 000000), then the platform
 * becomes PRODUCTION so that every OIDC signature is checked against the issuer's published keys.
 */
async function oauthUser(subject = `user-${Math.random().toString(36).slice(2)}`) {
  const p: TestPlatform = await newPlatform({
    settings: { oidc: { issuers: [{ issuer: idp.issuer, audiences: [AUD] }] } },
  });
  const client = sdkFor(p);
  const user = await newWalletUser(p, client);
  const otp = await signInWithEmailOtp(client, user.credentialId);
  await setPlatformEnvironment(p, "PRODUCTION");
  return { p, client, user, otp, subject };
}

function claims(subject: string, extra: Record<string, unknown> = {}) {
  return {
    sub: subject,
    aud: AUD,
    iat: nowSeconds(),
    exp: nowSeconds() + 600,
    email: `${subject}@example.com`,
    ...extra,
  };
}

async function register(
  client: ServiceClient,
  accountId: string,
  signerKey: string,
  token: string,
): Promise<AuthMethod> {
  return signedRetry(
    (h) => client.addCredential({ type: "OAUTH", accountId, oidcToken: token }, h),
    stampSigner(signerKey),
  );
}

async function verify(client: ServiceClient, credentialId: string, token: string, clientPublicKey: string) {
  const res = await client.verifyCredential(credentialId, { type: "OAUTH", oidcToken: token, clientPublicKey });
  return res;
}

describe("OAUTH (OIDC) credentials over HTTP with a real issuer", () => {
  it("registers with a really signed token, signs in, and the recovered key signs a signed retry; a rotated key is picked up", async () => {
    const { client, user, otp, subject } = await oauthUser();
    const first = await client.addCredential({
      type: "OAUTH",
      accountId: user.accountId,
      oidcToken: await idp.mint(claims(subject)),
    });
    expect(first.status).toBe(202);
    expect((first.body as { type: string }).type).toBe("OAUTH");
    // The token itself is never bound into payloadToSign (a bearer credential): only its identity and digest.
    const payload = JSON.parse((first.body as { payloadToSign: string }).payloadToSign);
    expect(payload.parameters.oauthProvider).toEqual({ issuer: idp.issuer, subject, audience: AUD });
    const credential = await register(client, user.accountId, otp.key.privateKeyHex, await idp.mint(claims(subject)));
    expect(credential).toMatchObject({ type: "OAUTH", accountId: user.accountId, nickname: `${subject}@example.com` });

    const key = generateP256KeyPair();
    const res = await verify(
      client,
      credential.id,
      await idp.mint(claims(subject, { nonce: nonceFor(key.publicKeyHex) })),
      key.publicKeyHex,
    );
    expect(res.status).toBe(200);
    const s = await openSession(res.body as never, key);
    expect(s.session).toMatchObject({ type: "OAUTH", nickname: `${subject}@example.com` });
    // The recovered session key signs the revocation of the EMAIL_OTP credential (a different credential).
    await signedRetry((h) => client.deleteCredential(user.credentialId, h), stampSigner(s.sessionPrivateKey));

    // Key rotation: the issuer signs with a new key; the service refetches the JWKS on the unknown kid.
    await idp.rotate();
    await new Promise((r) => setTimeout(r, 1_100)); // the server's JWKS cooldown in tests is 1 s
    const k2 = generateP256KeyPair();
    const rotated = await verify(
      client,
      credential.id,
      await idp.mint(claims(subject, { nonce: nonceFor(k2.publicKeyUncompressedHex) })),
      k2.publicKeyUncompressedHex,
    );
    expect(rotated.status).toBe(200);
    await openSession(rotated.body as never, k2);
  });

  it("one OAUTH credential per provider identity", async () => {
    const { client, user, otp, subject } = await oauthUser();
    const token = await idp.mint(claims(subject));
    await register(client, user.accountId, otp.key.privateKeyHex, token);
    expect(
      await refusal(
        client.addCredential({ type: "OAUTH", accountId: user.accountId, oidcToken: await idp.mint(claims(subject)) }),
      ),
    ).toMatchObject({
      status: 400,
      code: "INVALID_INPUT",
      reason: "OAUTH_CREDENTIAL_ALREADY_EXISTS",
    });
  });

  it("every failed check at registration and verify is refused and named", async () => {
    const { client, user, otp, subject } = await oauthUser();
    const add = (token: string) =>
      refusal(client.addCredential({ type: "OAUTH", accountId: user.accountId, oidcToken: token }));
    expect(await add("a.b.c")).toMatchObject({ status: 400, code: "INVALID_INPUT", reason: "OIDC_TOKEN_MALFORMED" });
    expect(await add(await idp.mint(claims(subject), { key: "foreign" }))).toMatchObject({
      status: 401,
      reason: "OIDC_SIGNATURE_INVALID",
    });
    expect(await add(await idp.mint(claims(subject, { iss: "https://evil.example" })))).toMatchObject({
      status: 401,
      reason: "OIDC_ISSUER_NOT_ALLOWED",
    });
    expect(await add(await idp.mint(claims(subject, { aud: "another-app" })))).toMatchObject({
      status: 401,
      reason: "OIDC_AUDIENCE_NOT_ALLOWED",
    });
    expect(await add(await idp.mint(claims(subject, { exp: nowSeconds() - 30 })))).toMatchObject({
      status: 401,
      reason: "OIDC_TOKEN_EXPIRED",
    });
    const t = await idp.mint(claims(subject));
    const forged = `${t.slice(0, t.lastIndexOf("."))}.${Buffer.alloc(64, 7).toString("base64url")}`;
    expect(await add(forged)).toMatchObject({ status: 401, reason: "OIDC_SIGNATURE_INVALID" });

    const credential = await register(client, user.accountId, otp.key.privateKeyHex, await idp.mint(claims(subject)));
    const key = generateP256KeyPair();
    const nonce = nonceFor(key.publicKeyHex);
    const v = (token: string, cpk = key.publicKeyHex) => refusal(verify(client, credential.id, token, cpk));
    expect(await v(await idp.mint(claims(subject, { nonce, iat: nowSeconds() - 70 })))).toMatchObject({
      status: 401,
      reason: "OIDC_TOKEN_STALE",
    });
    expect(
      await v(await idp.mint(claims(subject, { nonce: nonceFor(generateP256KeyPair().publicKeyHex) }))),
    ).toMatchObject({
      status: 401,
      reason: "OIDC_NONCE_MISMATCH",
    });
    expect(await v(await idp.mint(claims(subject)))).toMatchObject({ status: 401, reason: "OIDC_NONCE_MISMATCH" });
    expect(await v(await idp.mint(claims("someone-else", { nonce })))).toMatchObject({
      status: 401,
      reason: "OIDC_IDENTITY_MISMATCH",
    });
    expect(await v(await idp.mint(claims(subject, { nonce }), { key: "foreign" }))).toMatchObject({
      status: 401,
      reason: "OIDC_SIGNATURE_INVALID",
    });
    // The nonce is over the clientPublicKey string as sent: the same key in the other encoding does not match.
    expect(await v(await idp.mint(claims(subject, { nonce })), key.publicKeyUncompressedHex)).toMatchObject({
      status: 401,
      reason: "OIDC_NONCE_MISMATCH",
    });
    // A good token works once; the same token again is a reuse.
    const good = await idp.mint(claims(subject, { nonce }));
    expect((await verify(client, credential.id, good, key.publicKeyHex)).status).toBe(200);
    expect(await v(good)).toMatchObject({ status: 401, reason: "OIDC_TOKEN_REUSED" });
  });

  it("one token sent concurrently gives exactly one session", async () => {
    const { client, user, otp, subject } = await oauthUser();
    const credential = await register(client, user.accountId, otp.key.privateKeyHex, await idp.mint(claims(subject)));
    const key = generateP256KeyPair();
    const token = await idp.mint(claims(subject, { nonce: nonceFor(key.publicKeyHex) }));
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        verify(client, credential.id, token, key.publicKeyHex).then(
          (r) => r.status,
          (e: ServiceError) => `${e.status}:${e.reason}`,
        ),
      ),
    );
    expect(results.filter((r) => r === 200)).toHaveLength(1);
    expect(results.filter((r) => r === "401:OIDC_TOKEN_REUSED")).toHaveLength(4);
  });

  it("sandbox platforms skip only the signature: dummy-signed tokens register, claims are still checked", async () => {
    const p = await newPlatform(); // SANDBOX, no issuers configured → Google and Apple accepted
    const client = sdkFor(p);
    const user = await newWalletUser(p, client);
    const otp = await signInWithEmailOtp(client, user.credentialId);
    const unsigned = (c: Record<string, unknown>) =>
      `${Buffer.from(JSON.stringify({ alg: "RS256", kid: "x" })).toString("base64url")}.${Buffer.from(JSON.stringify(c)).toString("base64url")}.c2ln`;
    const c = {
      iss: "https://accounts.google.com",
      sub: "g-1",
      aud: "client-id.apps.googleusercontent.com",
      iat: nowSeconds(),
      exp: nowSeconds() + 600,
      email: "g@example.com",
    };
    const credential = await register(client, user.accountId, otp.key.privateKeyHex, unsigned(c));
    expect(credential.nickname).toBe("g@example.com");
    const key = generateP256KeyPair();
    const ok = await verify(
      client,
      credential.id,
      unsigned({ ...c, nonce: nonceFor(key.publicKeyHex) }),
      key.publicKeyHex,
    );
    expect(ok.status).toBe(200);
    expect(
      await refusal(
        verify(
          client,
          credential.id,
          unsigned({ ...c, iat: nowSeconds() - 3600, nonce: nonceFor(key.publicKeyHex) }),
          key.publicKeyHex,
        ),
      ),
    ).toMatchObject({
      status: 401,
      reason: "OIDC_TOKEN_STALE",
    });
    expect(
      await refusal(
        client.addCredential({
          type: "OAUTH",
          accountId: user.accountId,
          oidcToken: unsigned({ ...c, iss: idp.issuer }),
        }),
      ),
    ).toMatchObject({
      status: 401,
      reason: "OIDC_ISSUER_NOT_ALLOWED",
    });
  });
});
