import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { generateP256KeyPair, openCredentialBundle, publicKeyFromPrivate } from "@/lib/shared/crypto/web";
import { signedRetry, stampSigner } from "@/lib/sdk";
import { newPlatform, type TestPlatform } from "../../support/api";
import { startServer, type RunningServer } from "../../support/server";
import { startSmtp, type Mail } from "../../support/smtp-receiver";
import { newWalletUser, otpBundle, sdkFor } from "../../support/wallet";

function targetPublicOf(targetBundle: string): string {
  return JSON.parse(Buffer.from(JSON.parse(targetBundle).data, "hex").toString("utf8")).targetPublic;
}

describe("EMAIL_OTP on a production platform: real mail over SMTP; nothing secret at rest", () => {
  const inbox: Mail[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: RunningServer;
  let p: TestPlatform;
  let client: ReturnType<typeof sdkFor>;
  const sql = postgres(inject("databaseUrl"), { max: 2, onnotice: () => {} });
  /** Secrets that must never be found in the database. */
  const codes: string[] = [];
  const privateKeys: string[] = [];
  const targetPublicKeys = new Set<string>();

  beforeAll(async () => {
    smtp = await startSmtp(inbox);
    server = await startServer({
      DATABASE_URL: inject("databaseUrl"),
      DEMO_PLATFORM: "off",
      KEY_ENCRYPTION_KEY: inject("keyEncryptionKey"),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Wallet <no-reply@wallet.test>",
    });
    p = await newPlatform({ environment: "PRODUCTION" });
    client = sdkFor(p, server.url);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await sql.end();
  });

  /** Waits for the message to `to` and reads the 6-digit code from it. */
  async function codeFromMail(to: string): Promise<string> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mail = inbox.find((m) => m.to.includes(to));
      if (mail) {
        const m = /verification code is (\d{6})/.exec(mail.raw);
        if (!m) throw new Error("no code in the message");
        codes.push(m[1]);
        return m[1];
      }
      if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it("mails a random 6-digit code to the customer's email; it signs in; refresh and revoke work", async () => {
    const user = await newWalletUser(p, client);
    const { encryptedOtpBundle, key, targetBundle } = await otpBundle(client, user.credentialId, () =>
      codeFromMail(user.email),
    );
    targetPublicKeys.add(targetPublicOf(targetBundle));
    privateKeys.push(key.privateKeyHex);
    expect(codes[0]).toMatch(/^\d{6}$/);
    const session = await signedRetry(
      (h) => client.verifyCredential(user.credentialId, { type: "EMAIL_OTP", encryptedOtpBundle }, h),
      stampSigner(key.privateKeyHex),
    );
    expect(session).toMatchObject({ accountId: user.accountId, type: "EMAIL_OTP", nickname: user.email });

    const clientKey = generateP256KeyPair();
    privateKeys.push(clientKey.privateKeyHex);
    const refreshed = await signedRetry(
      (h) => client.refreshSession(session.id, clientKey.publicKeyHex, h),
      stampSigner(key.privateKeyHex),
    );
    const newSessionKey = await openCredentialBundle({
      bundle: refreshed.encryptedSessionSigningKey!,
      recipientPrivateKeyHex: clientKey.privateKeyHex,
    });
    privateKeys.push(newSessionKey);
    await signedRetry((h) => client.revokeSession(refreshed.id, h), stampSigner(newSessionKey));
    expect((await client.listSessions(user.accountId)).data).toEqual([]);

    // A wrong code on a second user's OTP leaves a live (unused) encrypted target key in the table too.
    const other = await newWalletUser(p, client);
    const wrong = await otpBundle(client, other.credentialId, async () => {
      const c = await codeFromMail(other.email);
      return c === "000000" ? "000001" : "000000";
    });
    targetPublicKeys.add(targetPublicOf(wrong.targetBundle));
    const refused = await client
      .verifyCredential(other.credentialId, { type: "EMAIL_OTP", encryptedOtpBundle: wrong.encryptedOtpBundle })
      .catch((e) => e);
    expect(refused.body).toMatchObject({ status: 401, details: { reason: "OTP_INVALID" } });
  });

  it("a dump of every table holds no OTP code, no session private key and no target private key in clear", async () => {
    expect(codes.length).toBe(2);
    const tables = await sql<{ table_name: string }[]>`
      select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`;
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(["otp_challenges", "auth_sessions", "signed_requests"]),
    );
    const cells: string[] = [];
    for (const { table_name } of tables) {
      const rows = await sql.unsafe(`select * from "${table_name}"`);
      for (const row of rows)
        for (const v of Object.values(row)) if (v !== null) cells.push(typeof v === "string" ? v : JSON.stringify(v));
    }
    const dump = cells.join("\n").toLowerCase();
    for (const code of codes) {
      expect(cells).not.toContain(code);
      expect(dump).not.toContain(`"${code}"`);
      expect(dump).not.toContain(`code is ${code}`);
    }
    expect(dump).not.toContain("otp_code");
    for (const k of privateKeys) expect(dump).not.toContain(k);
    // Any 64-hex run that is the private key of a target public key we were given would be a leak.
    for (const m of dump.matchAll(/[0-9a-f]{64}/g)) {
      let pub: string | null = null;
      try {
        pub = publicKeyFromPrivate(m[0], false);
      } catch {}
      if (pub) expect(targetPublicKeys.has(pub)).toBe(false);
    }
    const live = await sql`select count(*)::int as n from otp_challenges where target_private_key_enc like 'v1.%'`;
    expect(live[0].n).toBeGreaterThan(0);
  });
});
