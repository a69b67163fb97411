import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { generateP256KeyPair, sealOtpBundle } from "@/lib/shared/crypto/web";
import type { ServiceError } from "@/lib/sdk";
import { call, newCustomer, newPlatform, type TestPlatform } from "../../support/api";
import { bare, sql } from "../../support/credentials";
import { startServer, type RunningServer } from "../../support/server";
import { newWalletUser, otpBundle, sdkFor } from "../../support/wallet";

/**
 * Attempt limits against guessing: failed BasicAuth (protocol.md "Failed platform authentication"), concurrent
 * OTP guesses, device codes at rest and across codes. A server of its own at debug level with the default
 * limits: its log says each time a secret hash is computed and each time an OTP attempt reaches the comparison.
 */
const POLICY = {
  permissions: ["VIEW_TRANSACTIONS"],
  defaultExecutionMode: "APPROVAL_REQUIRED",
  spendingLimits: { currency: "USD", perTransactionLimit: 10_000, dailyLimit: 50_000 },
};

describe("attempt limits", () => {
  let server: RunningServer;
  let p: TestPlatform;
  let legacyCode: string;

  const logCount = (msg: string) =>
    server
      .logs()
      .split("\n")
      .filter((l) => l.includes(`"msg":"${msg}"`)).length;
  const hashes = () => logCount("platform secret hash computed");
  const basic = (clientId: string, secret: string) =>
    `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`;
  const from = (address: string) => ({ "x-forwarded-for": address });
  const getConfig = async (auth: string, address: string) => {
    const r = await fetch(`${server.url}/api/2025-10-13/config`, {
      headers: { authorization: auth, ...from(address) },
    });
    return { status: r.status, retryAfter: r.headers.get("retry-after"), body: await r.json() };
  };

  beforeAll(async () => {
    p = await newPlatform();
    // A device code stored the old way (plain SHA-256 of the code, keyed = false), made before this server starts.
    const { customer } = await newCustomer(p);
    const created = await call("POST", "/agents", {
      auth: p.auth,
      body: { name: "Legacy", customerId: customer.id, policy: POLICY },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    legacyCode = created.body.deviceCode.code;
    const plain = createHash("sha256").update(legacyCode).digest("hex");
    await sql(
      (q) =>
        q`update agent_device_codes set code_digest = ${plain}, keyed = false where agent_id = ${bare(created.body.agent.id)}`,
    );
    server = await startServer({
      DATABASE_URL: inject("databaseUrl"),
      DEMO_PLATFORM: "off",
      KEY_ENCRYPTION_KEY: inject("keyEncryptionKey"),
      LOG_LEVEL: "debug",
      WEBHOOK_WORKER: "off",
      // The limits under test, at their defaults (the suite lifts them for every other instance: global-setup.ts).
      AUTH_FAILURES_PER_SOURCE: "100",
      DEVICE_CODE_REDEEMS_PER_SOURCE: "30",
      // The test stands in for a reverse proxy: its X-Forwarded-For names the sources (lib/server/rate-limit/source-address.ts).
      TRUSTED_PROXIES: "127.0.0.1, ::1",
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("20 failures of one client id: the next attempts answer 429 with Retry-After and compute no hash, even with the right secret", async () => {
    const address = "198.51.100.1";
    const victim = await newPlatform();
    const before = hashes();
    for (let i = 0; i < 20; i++)
      expect((await getConfig(basic(victim.clientId, `wrong-${i}`), address)).status).toBe(401);
    expect(hashes() - before).toBe(20);
    for (const secret of ["wrong-again", victim.clientSecret]) {
      const limited = await getConfig(basic(victim.clientId, secret), address);
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ status: 429, code: "RATE_LIMITED" });
      expect(Number(limited.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(limited.retryAfter)).toBeLessThanOrEqual(60);
    }
    expect(hashes() - before).toBe(20);
  });

  it("40 concurrent failures of a fresh client id compute exactly 20 hashes (the attempt is counted before hashing)", async () => {
    const other = await newPlatform();
    const before = hashes();
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        getConfig(basic(other.clientId, `wrong-${i}`), "198.51.100.2").then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect(hashes() - before).toBe(20);
  });

  it("40 concurrent requests with the right secret and nothing memoized: all 200, one hash, one attempt counted", async () => {
    // One pooled connection: every request has read the credentials before the first hash is memoized, as under load
    // when the memo expires (before, each of them counted an attempt and 20 answered 429).
    const narrow = await startServer({
      DATABASE_URL: inject("databaseUrl"),
      DEMO_PLATFORM: "off",
      KEY_ENCRYPTION_KEY: inject("keyEncryptionKey"),
      LOG_LEVEL: "debug",
      WEBHOOK_WORKER: "off",
      DATABASE_POOL_SIZE: "1",
      TRUSTED_PROXIES: "127.0.0.1, ::1",
    });
    try {
      const fresh = await newPlatform();
      const statuses = await Promise.all(
        Array.from({ length: 40 }, () =>
          fetch(`${narrow.url}/api/2025-10-13/config`, {
            headers: { authorization: basic(fresh.clientId, fresh.clientSecret), ...from("198.51.100.3") },
          }).then((r) => r.status),
        ),
      );
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      expect(
        narrow
          .logs()
          .split("\n")
          .filter((l) => l.includes('"msg":"platform secret hash computed"')),
      ).toHaveLength(1);
    } finally {
      await narrow.stop();
    }
  });

  // Unknown client ids cost no hash (their 401 waits as long as a hash takes instead), but count like any failure.
  it("100 failures from one source at unknown client ids: no hash, then 429; a success in between does not reset the count", async () => {
    const address = "198.51.100.3";
    const before = hashes();
    const guess = () =>
      getConfig(basic(`client_${randomBytes(6).toString("hex")}`, "x"), address).then((r) => r.status);
    for (let batch = 0; batch < 9; batch++)
      expect(await Promise.all(Array.from({ length: 11 }, guess))).toEqual(Array(11).fill(401));
    const fresh = await newPlatform();
    expect((await getConfig(fresh.auth, address)).status).toBe(200);
    expect((await getConfig(basic(`client_${randomBytes(6).toString("hex")}`, "x"), address)).status).toBe(401);
    // The one hash is the legitimate platform's first verification: the 100 guesses at unknown ids computed none.
    expect(hashes() - before).toBe(1);
    expect((await getConfig(basic(`client_${randomBytes(6).toString("hex")}`, "x"), address)).status).toBe(429);
    const unverified = await newPlatform();
    expect((await getConfig(unverified.auth, address)).status).toBe(429);
    expect(hashes() - before).toBe(1);
    // Credentials this instance verified within the minute need no hash, so they are not throttled.
    expect((await getConfig(fresh.auth, address)).status).toBe(200);
    // Another source is not affected.
    expect((await getConfig(unverified.auth, "198.51.100.4")).status).toBe(200);
  });

  it("10 concurrent wrong OTP guesses: at most 5 reach the comparison, and the code is dead afterwards", async () => {
    // From an address of its own: under this server's default 100 failed BasicAuth attempts per source, loopback's
    // count is shared with every other file's failures in the suite's database.
    const client = sdkFor(p, server.url, "198.51.100.30");
    const user = await newWalletUser(p, client);
    const { targetBundle } = await otpBundle(client, user.credentialId, "000000");
    const { enclaveQuorumPublic } = await client.getEnclaveKey();
    const seal = (otpCode: string) =>
      sealOtpBundle({
        otpCode,
        sessionPublicKeyHex: generateP256KeyPair().publicKeyHex,
        targetBundle,
        pinnedEnclavePublicHex: enclaveQuorumPublic,
      });
    const guesses = await Promise.all(Array.from({ length: 10 }, (_, i) => seal(String(100000 + i))));
    const before = logCount("otp attempt compared");
    const reasons = await Promise.all(
      guesses.map((encryptedOtpBundle) =>
        client.verifyCredential(user.credentialId, { type: "EMAIL_OTP", encryptedOtpBundle }).then(
          (r) => `${r.status}`,
          (e: ServiceError) => `${e.status}:${e.reason}`,
        ),
      ),
    );
    expect(logCount("otp attempt compared") - before).toBe(5);
    expect(reasons.filter((r) => r === "401:OTP_INVALID")).toHaveLength(5);
    expect(reasons.filter((r) => r === "401:OTP_ATTEMPTS_EXHAUSTED")).toHaveLength(5);
    const [row] = await sql(
      (q) =>
        q`select attempts, state, target_private_key_enc from otp_challenges where auth_method_id = ${bare(user.credentialId)} order by created_at desc limit 1`,
    );
    expect(row).toMatchObject({ attempts: 5, state: "EXHAUSTED", target_private_key_enc: null });
  });

  it("device codes are stored as keyed digests; a code stored as plain SHA-256 before is re-keyed at start-up and still redeems", async () => {
    const { customer } = await newCustomer(p);
    const created = await call("POST", "/agents", {
      auth: p.auth,
      body: { name: "Keyed", customerId: customer.id, policy: POLICY },
    });
    const code: string = created.body.deviceCode.code;
    const [row] = await sql(
      (q) => q`select code_digest, keyed from agent_device_codes where agent_id = ${bare(created.body.agent.id)}`,
    );
    expect(row.keyed).toBe(true);
    expect(row.code_digest).not.toBe(createHash("sha256").update(code).digest("hex"));
    expect(row.code_digest).toMatch(/^[0-9a-f]{64}$/);

    // Re-keyed by whichever instance started first on this database (every instance runs the start-up step).
    const [legacy] = await sql((q) => q`select count(*)::int as n from agent_device_codes where keyed = false`);
    expect(legacy.n).toBe(0);
    // From an address of its own: the per-source count lives in the suite's database, and the other test files redeem
    // from loopback through the suite's server (whose limit is lifted) while this server keeps the default 30 a minute.
    const redeemed = await fetch(`${server.url}/api/2025-10-13/agents/device-codes/${legacyCode}/redeem`, {
      method: "POST",
      headers: from("198.51.100.20"),
    });
    expect(redeemed.status).toBe(200);
    expect((await redeemed.json()).accessToken).toMatch(/^gat_/);
  });

  it("redemption attempts across codes are limited per source address (30 per minute)", async () => {
    const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    const guess = () => Array.from({ length: 8 }, () => alphabet[randomBytes(1)[0] % alphabet.length]).join("");
    const redeem = (code: string, address: string) =>
      fetch(`${server.url}/api/2025-10-13/agents/device-codes/${code}/redeem`, {
        method: "POST",
        headers: from(address),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await redeem(guess(), "198.51.100.9")).status);
    expect(statuses).toEqual(Array(30).fill(404));
    const limited = await redeem(guess(), "198.51.100.9");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await redeem(guess(), "198.51.100.10")).status).toBe(404);
  });
});
