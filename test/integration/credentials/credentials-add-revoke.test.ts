import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { generateP256KeyPair } from "@/lib/shared/crypto/web";
import { ServiceError, signedRetry, stampSigner, type SignedRetryChallenge } from "@/lib/sdk";
import { newPlatform, type TestPlatform } from "../../support/api";
import { newWalletUser, sdkFor, signInWithEmailOtp, type WalletUser } from "../../support/wallet";

const sql = postgres(inject("databaseUrl"), { max: 2, onnotice: () => {} });
afterAll(() => sql.end());

const uuidOf = (id: string) => id.slice(id.indexOf(":") + 1);

/**
 * Revoking and re-adding EMAIL_OTP needs a second credential and a session of it: the test gives the account
 * an OAUTH credential and an active session of it directly in the database, so that only revocation and
 * re-adding are under test; everything under test goes over HTTP.
 */
describe("credentials: revoke one of two, its sessions go with it; add EMAIL_OTP back", () => {
  let p: TestPlatform;
  let client: ReturnType<typeof sdkFor>;
  let user: WalletUser;
  const oauthKey = generateP256KeyPair();
  let oauthId: string;

  beforeAll(async () => {
    p = await newPlatform();
    client = sdkFor(p);
    user = await newWalletUser(p, client);
    const oauth = randomUUID();
    oauthId = `AuthMethod:${oauth}`;
    await sql`insert into auth_methods (id, platform_id, account_id, type, nickname, oidc_issuer, oidc_subject, oidc_audience)
      values (${oauth}, ${uuidOf(p.id)}, ${uuidOf(user.accountId)}, 'OAUTH', 'user@example.com', 'https://accounts.google.com', 'sub-1', 'aud')`;
    await sql`insert into auth_sessions (id, platform_id, account_id, auth_method_id, type, public_key, expires_at)
      values (${randomUUID()}, ${uuidOf(p.id)}, ${uuidOf(user.accountId)}, ${oauth}, 'OAUTH', ${oauthKey.publicKeyHex}, now() + interval '10 minutes')`;
  });

  it("DELETE must be signed by a session of a different credential; then 204, and the credential's sessions are revoked with it", async () => {
    const otp = await signInWithEmailOtp(client, user.credentialId);
    expect((await client.listCredentials(user.accountId)).data.map((c) => c.type).sort()).toEqual([
      "EMAIL_OTP",
      "OAUTH",
    ]);

    const ch = (await client.deleteCredential(user.credentialId)).body as SignedRetryChallenge;
    expect(ch.type).toBe("EMAIL_OTP");
    expect(JSON.parse(ch.payloadToSign)).toMatchObject({
      type: "ACTIVITY_TYPE_DELETE_CREDENTIAL",
      parameters: { accountId: user.accountId, credentialId: user.credentialId },
    });
    // A session of the credential being revoked may not sign its revocation.
    const own = await client
      .deleteCredential(user.credentialId, {
        "Service-Wallet-Signature": await stampSigner(otp.key.privateKeyHex)(ch.payloadToSign),
        "Request-Id": ch.requestId,
      })
      .catch((e) => e);
    expect(own).toBeInstanceOf(ServiceError);
    expect(own.body).toMatchObject({
      status: 401,
      code: "WALLET_SIGNATURE_INVALID",
      details: { reason: "SIGNER_NOT_ALLOWED" },
    });

    const done = await client.deleteCredential(user.credentialId, {
      "Service-Wallet-Signature": await stampSigner(oauthKey.privateKeyHex)(ch.payloadToSign),
      "Request-Id": ch.requestId,
    });
    expect(done.status).toBe(204);
    expect((await client.listCredentials(user.accountId)).data.map((c) => c.id)).toEqual([oauthId]);
    const sessions = (await client.listSessions(user.accountId)).data;
    expect(sessions.map((s) => s.type)).toEqual(["OAUTH"]);
    expect(sessions.map((s) => s.id)).not.toContain(otp.session.id);
    // Now OAUTH is the only credential: revoking it is refused before signing.
    const last = await client.deleteCredential(oauthId).catch((e) => e);
    expect(last.body).toMatchObject({ status: 400, code: "INVALID_INPUT", details: { reason: "LAST_CREDENTIAL" } });
  });

  it("adds EMAIL_OTP back (signed by an active session): 201 AuthMethod with the customer's email; a second add is 400", async () => {
    const added = await signedRetry(
      (h) => client.addCredential({ type: "EMAIL_OTP", accountId: user.accountId }, h),
      stampSigner(oauthKey.privateKeyHex),
      {
        onChallenge: (c) => {
          expect(c.type).toBe("EMAIL_OTP");
          expect(JSON.parse(c.payloadToSign)).toMatchObject({
            type: "ACTIVITY_TYPE_ADD_CREDENTIAL",
            parameters: { accountId: user.accountId, type: "EMAIL_OTP", email: user.email },
          });
        },
      },
    );
    expect(added).toMatchObject({
      id: expect.stringMatching(/^AuthMethod:/),
      type: "EMAIL_OTP",
      accountId: user.accountId,
      nickname: user.email,
    });
    expect((await client.listCredentials(user.accountId)).data.map((c) => c.id).sort()).toEqual(
      [added.id, oauthId].sort(),
    );
    const again = await client.addCredential({ type: "EMAIL_OTP", accountId: user.accountId }).catch((e) => e);
    expect(again.body).toMatchObject({ status: 400, code: "EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS" });
    // The new credential works: a sign-in with it.
    const otp = await signInWithEmailOtp(client, added.id);
    expect(otp.session).toMatchObject({ type: "EMAIL_OTP", nickname: user.email });
  });

  it("a Request-Id for one account cannot add a credential to another (401 REQUEST_ID_MISMATCH)", async () => {
    const other = await newWalletUser(p, client);
    await sql`update auth_methods set revoked_at = now() where id = ${uuidOf(other.credentialId)}`;
    const ch = (await client
      .addCredential({ type: "EMAIL_OTP", accountId: user.accountId })
      .catch((e) => e)) as ServiceError;
    // user already has EMAIL_OTP again: refused before signing.
    expect(ch.code).toBe("EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS");
    const first = (await client.addCredential({ type: "EMAIL_OTP", accountId: other.accountId }))
      .body as SignedRetryChallenge;
    const r = await client
      .addCredential(
        { type: "EMAIL_OTP", accountId: user.accountId },
        {
          "Service-Wallet-Signature": await stampSigner(oauthKey.privateKeyHex)(first.payloadToSign),
          "Request-Id": first.requestId,
        },
      )
      .catch((e) => e);
    expect(r.body).toMatchObject({ status: 401, code: "UNAUTHORIZED", details: { reason: "REQUEST_ID_MISMATCH" } });
  });
});
