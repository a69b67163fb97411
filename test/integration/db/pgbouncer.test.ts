/**
 * Two instances behind a real PgBouncer in transaction mode (bench/README.md "Scale-out"): the pooled connections carry
 * no session state (DATABASE_PREPARE=false: no named prepared statements, which PgBouncer 1.18 does not carry from one
 * server connection to the next), while migrations and the webhook worker's LISTEN hold a session of their own on
 * DATABASE_DIRECT_URL. Prepared agent lookups, payments (row locks, the ledger, the rate limit's advisory transaction
 * lock) and webhook wake-ups all work across both instances; polling is set to a minute, so only a notification
 * received on the direct connection can wake a worker within this test.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { parseId } from "@/lib/shared/ids";
import { checkLedger } from "@/lib/server/ledger/ledger-check";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { emitEvent } from "@/lib/server/webhooks/emit-event";
import { testEvent } from "@/lib/server/webhooks/webhook.contract";
import { call } from "../../support/api";
import { example } from "../../support/external-account-examples";
import { quoteBody } from "../../support/money";
import { startPgBouncer, type Bouncer } from "../../support/pgbouncer";
import { createTestDatabase, startServer, type RunningServer } from "../../support/server";
import { receiverPool, waitFor } from "../../support/webhook-receiver";

let db: { url: string; drop: () => Promise<void> };
let bouncer: Bouncer;
const servers: RunningServer[] = [];
const receivers = receiverPool();

beforeAll(async () => {
  await closeDb();
  // Empty, not the suite's migrated copy: the first instance applies the migrations through DATABASE_DIRECT_URL.
  db = await createTestDatabase("bouncer", { empty: true });
  process.env.DATABASE_URL = db.url;
  bouncer = await startPgBouncer({ poolSize: 3 });
  const env = {
    DATABASE_URL: bouncer.url(new URL(db.url).pathname.slice(1)),
    DATABASE_DIRECT_URL: db.url,
    DATABASE_PREPARE: "false",
    KEY_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    WEBHOOK_POLL_MS: "60000",
    DEMO_PLATFORM: "off",
    SWEEPER: "off",
  };
  servers.push(await startServer(env));
  servers.push(await startServer(env));
  // The instances' workers start with their first request (lib/server/edge/startup).
  for (const s of servers) await fetch(`${s.url}/api/health`);
});

afterAll(async () => {
  await receivers.closeAll();
  for (const s of servers) await s.stop();
  await bouncer?.stop();
  await closeDb();
  await db?.drop();
});

describe("two instances behind PgBouncer in transaction mode", () => {
  it("serve prepared lookups, payments and webhook wake-ups across pooled connections", async () => {
    const rec = await receivers.start(() => 200);
    const p = await createPlatform({
      name: "bouncer",
      environment: "SANDBOX",
      settings: { skipVerificationPaperwork: true, webhookUrl: rec.url },
    });
    const auth = `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString("base64")}`;
    const [a, b] = servers.map((s) => s.url);
    const on = (i: number) => (i % 2 ? b : a);

    const endUserTermsConsent = {
      termsVersion: "V1",
      acceptedAt: new Date().toISOString(),
      acceptanceMethod: "CHECKBOX",
      ipAddress: "127.1.2.7",
    };
    const customers: { id: string; usd: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const c = await call("POST", "/customers", {
        origin: on(i),
        auth,
        body: { customerType: "INDIVIDUAL", fullName: "Pooled User", currencies: ["USD"], endUserTermsConsent },
      });
      expect(c.status, JSON.stringify(c.body)).toBe(201);
      const list = await call("GET", `/customers/internal-accounts?customerId=${encodeURIComponent(c.body.id)}`, {
        origin: on(i + 1),
        auth,
      });
      customers.push({ id: c.body.id as string, usd: list.body.data[0].id as string });
    }
    const funded = await call("POST", `/sandbox/internal-accounts/${customers[0].usd}/fund`, {
      origin: b,
      auth,
      body: { amount: 100_000 },
    });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);

    // The agent lookup is a prepared statement (db/prepared.ts): 60 of them over both instances' pooled connections.
    const account = await call("POST", "/customers/external-accounts", {
      origin: a,
      auth,
      body: { customerId: customers[0].id, ...example("USD_ACCOUNT") },
    });
    expect(account.status, JSON.stringify(account.body)).toBe(201);
    const agent = await call("POST", "/agents", {
      origin: b,
      auth,
      body: {
        name: "Pooled",
        customerId: customers[0].id,
        policy: {
          permissions: ["MANAGE_EXTERNAL_ACCOUNTS"],
          defaultExecutionMode: "APPROVAL_REQUIRED",
          spendingLimits: { currency: "USD", perTransactionLimit: 1_000 },
        },
      },
    });
    expect(agent.status, JSON.stringify(agent.body)).toBe(201);
    const redeemed = await call("POST", `/agents/device-codes/${agent.body.deviceCode.code}/redeem`, { origin: a });
    const bearer = `Bearer ${redeemed.body.accessToken}`;
    const lookups = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call("GET", `/agents/me/external-accounts/${account.body.id}`, {
          origin: on(i),
          headers: { authorization: bearer },
        }).then((r) => `${r.status}:${r.body.code ?? ""}`),
      ),
    );
    expect(lookups).toEqual(Array(60).fill("200:"));

    // 20 concurrent payments from one account over both instances: row locks, ledger, rate limit.
    const paid = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call("POST", "/quotes", {
          origin: on(i),
          auth,
          body: quoteBody(customers[0].usd, customers[1].usd, 1_000, { immediatelyExecute: true }),
        }).then((r) => `${r.status}:${r.body.code ?? ""}`),
      ),
    );
    expect(paid).toEqual(Array(20).fill("201:"));
    const balances = await Promise.all(
      customers.map((c, i) =>
        call("GET", `/internal-accounts/${c.usd}`, { origin: on(i), auth }).then((r) => r.body.balance.amount),
      ),
    );
    expect(balances).toEqual([80_000, 20_000]);
    const conn = await getDb();
    expect(await checkLedger(conn)).toEqual({ unbalanced: [], mismatched: [] });

    // Events committed elsewhere reach the receiver through the workers' LISTEN on the direct connection, once each.
    const platformId = parseId("Platform", p.id)!;
    const ids = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        conn.transaction((tx) => emitEvent(tx, testEvent, { platformId, data: { n: i } })),
      ),
    );
    const expected = ids.map((id) => `Webhook:${id}`);
    await waitFor("50 deliveries", () => expected.every((id) => rec.forEvent(id).length > 0), 30_000);
    expect(expected.map((id) => rec.forEvent(id).length)).toEqual(Array(50).fill(1));
    expect(rec.received.some((r) => r.type.startsWith("OUTGOING_PAYMENT"))).toBe(true);
  });
});
