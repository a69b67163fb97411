/**
 * Reads on a real streaming replica (DATABASE_REPLICA_URL, db/replica.ts): a primary and a standby built with
 * pg_basebackup on loopback (test/support/replica.ts). Lists are served by the replica once it has caught up; while it
 * lags (WAL replay paused) a list still shows what the client just wrote, because it is then read from the primary.
 */
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/db/client";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { call } from "../../support/api";
import { type ReplicatedPair, replicaToolsAvailable, startReplicatedPair } from "../../support/replica";
import { type RunningServer, startServer } from "../../support/server";

const DB = "app";
let pair: ReplicatedPair;
let server: RunningServer;
let auth: string;
const savedUrl = process.env.DATABASE_URL;

/** The last statement each client backend of the app ran on the replica. */
async function replicaStatements(): Promise<string[]> {
  const sql = postgres(pair.replicaUrl("postgres"), { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ query: string }[]>`
      select query from pg_stat_activity where datname = ${DB} and backend_type = 'client backend'`;
    return rows.map((r) => r.query);
  } finally {
    await sql.end();
  }
}

async function replicaHasCustomer(id: string): Promise<boolean> {
  const uuid = id.split(":")[1];
  const sql = postgres(pair.replicaUrl(DB), { max: 1, onnotice: () => {} });
  try {
    const rows = await sql`select 1 from customers where id = ${uuid}`;
    return rows.length > 0;
  } finally {
    await sql.end();
  }
}

const newCustomer = (n: string) => ({
  customerType: "INDIVIDUAL",
  fullName: `Replica Person ${n}`,
  email: `replica-${n}-${randomBytes(4).toString("hex")}@example.com`,
});

describe.skipIf(!replicaToolsAvailable)("a streaming read replica", () => {
  beforeAll(async () => {
    pair = await startReplicatedPair();
    const admin = postgres(pair.primaryUrl("postgres"), { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${DB}`);
    await admin.end();
    await closeDb();
    process.env.DATABASE_URL = pair.primaryUrl(DB);
    const p = await createPlatform({ name: "replica", environment: "SANDBOX" });
    auth = `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString("base64")}`;
    server = await startServer({
      DATABASE_URL: pair.primaryUrl(DB),
      DATABASE_REPLICA_URL: pair.replicaUrl(DB),
      REPLICA_MAX_WAIT_MS: "50",
      KEY_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      DEMO_PLATFORM: "off",
      SWEEPER: "off",
    });
  });

  afterAll(async () => {
    await server?.stop();
    await closeDb();
    process.env.DATABASE_URL = savedUrl;
    await pair?.stop();
  });

  it("serves lists from the replica once it has caught up", async () => {
    const created = await call("POST", "/customers", { auth, body: newCustomer("a"), origin: server.url });
    expect(created.status).toBe(201);
    const list = await call("GET", "/customers?limit=50", { auth, origin: server.url });
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { id: string }) => c.id)).toContain(created.body.id);
    const statements = await replicaStatements();
    expect(statements.some((q) => q.includes('from "customers"'))).toBe(true);
  });

  it("never shows a client less than it wrote while the replica lags", async () => {
    await pair.pauseReplay();
    try {
      const created = await call("POST", "/customers", { auth, body: newCustomer("b"), origin: server.url });
      expect(created.status).toBe(201);
      // The replica has not replayed the insert: a read there would miss it.
      expect(await replicaHasCustomer(created.body.id)).toBe(false);
      const list = await call("GET", "/customers?limit=50", { auth, origin: server.url });
      expect(list.body.data.map((c: { id: string }) => c.id)).toContain(created.body.id);
      const one = await call("GET", `/customers/${created.body.id}`, { auth, origin: server.url });
      expect(one.status).toBe(200);
      // Nothing was read from the lagging replica: no replica backend ran the API-token list below either.
      const tokens = await call("GET", "/tokens", { auth, origin: server.url });
      expect(tokens.status).toBe(200);
      expect((await replicaStatements()).some((q) => q.includes('from "api_tokens"'))).toBe(false);
    } finally {
      await pair.resumeReplay();
    }
    const tokens = await call("GET", "/tokens", { auth, origin: server.url });
    expect(tokens.status).toBe(200);
    expect((await replicaStatements()).some((q) => q.includes('from "api_tokens"'))).toBe(true);
  });
});
