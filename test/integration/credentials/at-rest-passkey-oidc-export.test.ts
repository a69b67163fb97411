import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import postgres from "postgres";
import { generateP256KeyPair, openExportBundle } from "@/lib/shared/crypto/web";
import { signedRetry, stampSigner } from "@/lib/sdk";
import { newPlatform } from "../../support/api";
import {
  openSession,
  registerPasskey,
  setPlatformEnvironment,
  signInWithPasskey,
  softAuthenticator,
} from "../../support/credentials";
import { nonceFor, nowSeconds, startOidcIssuer, type OidcIssuer } from "../../support/oidc-issuer";
import { newWalletUser, sdkFor, signInWithEmailOtp } from "../../support/wallet";

/**
 * Nothing secret at rest (the email OTP flows: email-otp-smtp-at-rest.test.ts): after passkey and OIDC sign-ins, a wallet export and an email change, a
 * dump of every table holds no session private key, no client private key, no wallet mnemonic, no OIDC
 * token and no response that carried one of them (encryptedSessionSigningKey, encryptedWalletCredentials).
 */
describe("nothing secret at rest after the passkey, OIDC, export and email-change flows", () => {
  let idp: OidcIssuer;
  const db = postgres(inject("databaseUrl"), { max: 2, onnotice: () => {} });
  const secrets: { what: string; value: string }[] = [];
  const keep = (what: string, value: string) => secrets.push({ what, value });

  beforeAll(async () => {
    idp = await startOidcIssuer();
  }, 60_000);
  afterAll(async () => {
    await idp?.stop();
    await db.end();
  });

  it("runs the flows", async () => {
    const p = await newPlatform({ settings: { oidc: { issuers: [{ issuer: idp.issuer, audiences: ["app"] }] } } });
    const client = sdkFor(p);
    const user = await newWalletUser(p, client);
    const otp = await signInWithEmailOtp(client, user.credentialId);
    keep("EMAIL_OTP session private key", otp.key.privateKeyHex);
    await setPlatformEnvironment(p, "PRODUCTION");

    const auth = softAuthenticator();
    const passkey = await registerPasskey(client, user.accountId, otp.key.privateKeyHex, auth);
    const ps = await signInWithPasskey(client, passkey, auth);
    keep("passkey session private key", ps.sessionPrivateKey);
    keep("passkey client private key", ps.clientKey.privateKeyHex);
    keep("encryptedSessionSigningKey (passkey)", ps.session.encryptedSessionSigningKey!);

    const regToken = await idp.mint({
      sub: "s-1",
      aud: "app",
      iat: nowSeconds(),
      exp: nowSeconds() + 600,
      email: "s1@example.com",
    });
    keep("OIDC registration token", regToken);
    keep("OIDC registration token signature", regToken.split(".")[2]);
    const oauth = await signedRetry(
      (h) => client.addCredential({ type: "OAUTH", accountId: user.accountId, oidcToken: regToken }, h),
      stampSigner(ps.sessionPrivateKey),
    );
    const ck = generateP256KeyPair();
    const token = await idp.mint({
      sub: "s-1",
      aud: "app",
      iat: nowSeconds(),
      exp: nowSeconds() + 600,
      nonce: nonceFor(ck.publicKeyHex),
    });
    keep("OIDC verify token", token);
    keep("OIDC verify token signature", token.split(".")[2]);
    const res = await client.verifyCredential(oauth.id, {
      type: "OAUTH",
      oidcToken: token,
      clientPublicKey: ck.publicKeyHex,
    });
    const os = await openSession(res.body as never, ck);
    keep("OAUTH session private key", os.sessionPrivateKey);
    keep("OAUTH client private key", ck.privateKeyHex);
    keep("encryptedSessionSigningKey (oauth)", os.session.encryptedSessionSigningKey!);

    const ek = generateP256KeyPair();
    keep("export client private key", ek.privateKeyHex);
    const exported = await signedRetry(
      (h) => client.exportWallet(user.accountId, ek.publicKeyUncompressedHex, h),
      stampSigner(os.sessionPrivateKey),
    );
    keep("encryptedWalletCredentials", exported.encryptedWalletCredentials);
    const { enclaveQuorumPublic } = await client.getEnclaveKey();
    const mnemonic = await openExportBundle({
      bundle: exported.encryptedWalletCredentials,
      privateKeyHex: ek.privateKeyHex,
      pinnedEnclavePublicHex: enclaveQuorumPublic,
      organizationId: p.id,
    });
    keep("wallet mnemonic", mnemonic);
    // Any three consecutive words of the mnemonic would already leak most of it.
    const words = mnemonic.split(" ");
    for (let i = 0; i + 3 <= words.length; i++) keep(`mnemonic words ${i}..${i + 2}`, words.slice(i, i + 3).join(" "));

    const email = `changed-${Date.now()}@example.com`;
    await signedRetry((h) => client.updateCustomer(user.customerId, { email }, h), stampSigner(os.sessionPrivateKey));
    expect(secrets.length).toBeGreaterThan(20);
  });

  it("a dump of every table contains none of them", async () => {
    const tables = await db<{ table_name: string }[]>`
      select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`;
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining([
        "wallet_secrets",
        "passkey_challenges",
        "oidc_token_uses",
        "auth_sessions",
        "signed_requests",
      ]),
    );
    const cells: string[] = [];
    for (const { table_name } of tables) {
      const rows = await db.unsafe(`select * from "${table_name}"`);
      for (const row of rows)
        for (const v of Object.values(row)) if (v !== null) cells.push(typeof v === "string" ? v : JSON.stringify(v));
    }
    const dump = cells.join("\n");
    const lower = dump.toLowerCase();
    const leaks = secrets
      .filter((s) => dump.includes(s.value) || lower.includes(s.value.toLowerCase()))
      .map((s) => s.what);
    expect(leaks).toEqual([]);
    // The wallet secret is there, but only encrypted.
    const [row] = await db`select count(*)::int as n from wallet_secrets where mnemonic_enc like 'v1.%'`;
    expect(row.n).toBeGreaterThan(0);
  });
});
