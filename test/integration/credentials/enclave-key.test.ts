import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { decryptAtRest } from "@/lib/shared/crypto/web/at-rest";
import { bytesToHex, hexToBytes } from "@/lib/shared/crypto/web/encoding";
import { generateP256KeyPair, isValidPublicKeyHex, publicKeyFromPrivate } from "@/lib/shared/crypto/web/p256";
import { call, newPlatform } from "../../support/api";
import { createTestDatabase, ROOT, startServer, type RunningServer } from "../../support/server";

const UNCOMPRESSED = /^04[0-9a-f]{128}$/;

async function enclaveKeyOf(url: string, auth: string) {
  const res = await fetch(`${url}/api/2025-10-13/auth/enclave-key`, { headers: { authorization: auth } });
  return { status: res.status, body: (await res.json()) as { enclaveQuorumPublic: string } };
}

const cleanup: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

describe("GET /auth/enclave-key", () => {
  it("requires platform authentication", async () => {
    const res = await call("GET", "/auth/enclave-key");
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHORIZED");
  });

  it("publishes one uncompressed key, the same across requests, platforms and GET /config", async () => {
    const a = await newPlatform();
    const b = await newPlatform({ environment: "PRODUCTION" });
    const first = await call("GET", "/auth/enclave-key", { auth: a.auth });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(["enclaveQuorumPublic"]);
    expect(first.body.enclaveQuorumPublic).toMatch(UNCOMPRESSED);
    expect(isValidPublicKeyHex(first.body.enclaveQuorumPublic)).toBe(true);
    const again = await call("GET", "/auth/enclave-key", { auth: a.auth });
    const other = await call("GET", "/auth/enclave-key", { auth: b.auth });
    expect(again.body.enclaveQuorumPublic).toBe(first.body.enclaveQuorumPublic);
    expect(other.body.enclaveQuorumPublic).toBe(first.body.enclaveQuorumPublic);
    const config = await call("GET", "/config", { auth: a.auth });
    expect(config.status).toBe(200);
    expect(config.body.enclaveQuorumPublic).toBe(first.body.enclaveQuorumPublic);
  });

  it("keeps the generated key in the database only encrypted under the KEK", async () => {
    const p = await newPlatform();
    const published = (await call("GET", "/auth/enclave-key", { auth: p.auth })).body.enclaveQuorumPublic;
    const sql = postgres(inject("databaseUrl"), { max: 1, onnotice: () => {} });
    try {
      // service_keys also holds the webhook signing key (lib/server/webhooks/signing-key.ts): look at the enclave row.
      const rows = await sql`select name, encrypted, created_at from service_keys where name = 'enclave_signing_key'`;
      expect(rows.map((r) => r.name)).toEqual(["enclave_signing_key"]);
      const stored = String(rows[0]!.encrypted);
      expect(stored).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      expect(stored.toLowerCase()).not.toContain(published.slice(2, 66));
      // The test server runs without KEY_ENCRYPTION_KEY, so the KEK is the generated DATA_DIR file.
      const kekHex =
        process.env.KEY_ENCRYPTION_KEY ??
        fs.readFileSync(path.join(ROOT, process.env.DATA_DIR ?? ".data", "kek.hex"), "utf8").trim();
      const privateKeyHex = bytesToHex(
        await decryptAtRest(hexToBytes(kekHex), stored, "service_keys:enclave_signing_key"),
      );
      expect(publicKeyFromPrivate(privateKeyHex, false)).toBe(published);
      const dump = JSON.stringify(await sql`select * from service_keys`).toLowerCase();
      expect(dump).not.toContain(privateKeyHex);
    } finally {
      await sql.end();
    }
  });

  it("a second instance on the same database (same KEK) publishes the same key", async () => {
    const p = await newPlatform();
    const published = (await call("GET", "/auth/enclave-key", { auth: p.auth })).body.enclaveQuorumPublic;
    const second: RunningServer = await startServer({ DATABASE_URL: inject("databaseUrl"), DEMO_PLATFORM: "off" });
    cleanup.push(second.stop);
    const fromSecond = await enclaveKeyOf(second.url, p.auth);
    expect(fromSecond.status).toBe(200);
    expect(fromSecond.body.enclaveQuorumPublic).toBe(published);
  });

  it("uses ENCLAVE_SIGNING_KEY when configured and stores nothing", async () => {
    const db = await createTestDatabase("enclave");
    cleanup.push(db.drop);
    const configured = generateP256KeyPair();
    const server = await startServer({
      DATABASE_URL: db.url,
      DEMO_PLATFORM: "off",
      ENCLAVE_SIGNING_KEY: configured.privateKeyHex.toUpperCase(),
      KEY_ENCRYPTION_KEY: "11".repeat(32),
    });
    cleanup.push(server.stop);
    process.env.DATABASE_URL = db.url;
    const { createPlatform } = await import("@/lib/server/platforms/create-platform");
    const { closeDb } = await import("@/db/client");
    await closeDb();
    const p = await createPlatform({ name: "env key", environment: "SANDBOX" });
    await closeDb();
    process.env.DATABASE_URL = inject("databaseUrl");
    const auth = `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString("base64")}`;
    const res = await enclaveKeyOf(server.url, auth);
    expect(res.status).toBe(200);
    expect(res.body.enclaveQuorumPublic).toBe(configured.publicKeyUncompressedHex);
    const sql = postgres(db.url, { max: 1, onnotice: () => {} });
    try {
      expect((await sql`select count(*)::int as n from service_keys`)[0]!.n).toBe(0);
    } finally {
      await sql.end();
    }
  });
});
