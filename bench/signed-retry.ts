/**
 * Micro-benchmark: the server-side cost of judging one signed retry (protocol.md "Signed retry",
 * steps 4–10): parse the stamp, look the Request-Id up, check the body digest, check the signer
 * (active session lookup), verify ECDSA, and accept + consume (PENDING → CONSUMED, the claim that opens the
 * transaction applying the effect) with an operation whose effect is empty, so that the figure is the
 * mechanism's own cost. Target: judge p50 ≤ 2 × the durable transaction's p50 of the same run.
 *
 * In process, on a fresh PostgreSQL database (TEST_PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres).
 * Also printed, to read the figure against: one `select 1` round trip and one durable write transaction
 * (the accept must commit, so a WAL flush is its floor). The 202 leg and the client's signing are outside the timed section. Usage: npm run bench:signed-retry [-- iterations]
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { recordFigures } from "./figures";

const ITERATIONS = Number(process.argv[2] ?? 1000);
const WARMUP = 100;
/** The bound: the judgement within twice the one durable commit it needs (same run). */
const TARGET_RATIO = 2;
const loadAverage = () => (os.loadavg() as number[]).map((x) => x.toFixed(1)).join(" ");
const loadStart = loadAverage();
const ADMIN = process.env.TEST_PG_ADMIN_URL || "postgres://postgres@127.0.0.1:5432/postgres";

const dbName = `bench_sr_${Date.now().toString(36)}`;
const admin = postgres(ADMIN, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${dbName}"`);
const url = new URL(ADMIN);
url.pathname = `/${dbName}`;
process.env.DATABASE_URL = url.toString();
process.env.KEY_ENCRYPTION_KEY = randomBytes(32).toString("hex");
process.env.LOG_LEVEL = "silent";

const { closeDb, getDb } = await import("@/db/client");
const { authMethods, authSessions, internalAccounts, platforms } = await import("@/db/schema");
const { createPlatform } = await import("@/lib/server/platforms/create-platform");
const { toPrincipal } = await import("@/lib/server/platforms/platform-row");
const { createCustomer } = await import("@/lib/server/customers/create-customer");
const { generateP256KeyPair, makeStamp, parseStamp } = await import("@/lib/shared/crypto/web");
const { verifyStampNative } = await import("@/lib/shared/crypto/node/verify");
const { reply } = await import("@/lib/server/core/reply");
const { parseId, newUuid } = await import("@/lib/shared/ids");
const { runSignedRetry } = await import("@/lib/server/signed-retry/run-signed-retry");
const { eq } = await import("drizzle-orm");
type SignedOperation<I> = import("@/lib/server/signed-retry/signed-operation").SignedOperation<I>;

try {
  const db = await getDb();
  const created = await createPlatform({ name: "bench", environment: "SANDBOX" });
  const [row] = await db
    .select()
    .from(platforms)
    .where(eq(platforms.id, parseId("Platform", created.id)!));
  const platform = toPrincipal(row);
  const customer = await createCustomer(platform, {
    customerType: "INDIVIDUAL",
    fullName: "Bench User",
    email: "bench@example.com",
  } as never);
  const [account] = await db
    .select()
    .from(internalAccounts)
    .where(eq(internalAccounts.customerId, parseId("Customer", customer.id)!))
    .limit(1);
  const [method] = await db.select().from(authMethods).where(eq(authMethods.accountId, account!.id)).limit(1);
  const key = generateP256KeyPair();
  await db.insert(authSessions).values({
    id: newUuid(),
    platformId: platform.id,
    accountId: account!.id,
    authMethodId: method!.id,
    type: "EMAIL_OTP",
    publicKey: key.publicKeyHex,
    expiresAt: new Date(Date.now() + 3600_000),
  });

  const accountId = account!.id;
  const op: SignedOperation<{ n: number }> = {
    name: "bench.noop",
    activityType: "ACTIVITY_TYPE_BENCH",
    async prepare() {
      return { accountId, parameters: { accountId }, signer: { kind: "SESSION", accountId }, context: {} };
    },
    async execute() {
      return reply(204);
    },
  };
  const call = (n: number, headers: Record<string, string>) => ({
    platform,
    method: "POST",
    path: "/api/2025-10-13/bench",
    headers: new Headers(headers),
    rawBody: { n },
    input: { n },
  });

  const judge: number[] = [];
  // This process's CPU time (µs, all threads) over the timed sections: less sensitive to a busy machine than latency.
  let judgeCpu = 0;
  let commitCpu = 0;
  const cpu: number[] = [];
  const roundTrip: number[] = [];
  const commit: number[] = [];
  const { sql } = await import("drizzle-orm");
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    const first = await runSignedRetry(op, call(i, {}));
    const { payloadToSign, requestId } = first.body as { payloadToSign: string; requestId: string };
    const stamp = makeStamp({ payload: payloadToSign, privateKeyHex: key.privateKeyHex });
    const headers = { "Service-Wallet-Signature": stamp, "Request-Id": requestId };
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const res = await runSignedRetry(op, call(i, headers));
    const t1 = performance.now();
    const c1 = process.cpuUsage(c0);
    if (res.status !== 204) throw new Error(`expected 204, got ${res.status}`);
    // The CPU-only part (parse + ECDSA verify), for comparison.
    const t2 = performance.now();
    verifyStampNative(parseStamp(stamp), payloadToSign);
    const t3 = performance.now();
    // One `select 1` round trip: the unit of the database's share (the judgement makes 3 in a row: BEGIN, the
    // claim with the candidate sessions, the stored answer with the COMMIT).
    const t4 = performance.now();
    await db.execute(sql`select 1`);
    const t5 = performance.now();
    // One durable write transaction (BEGIN, UPDATE, COMMIT with WAL flush): the floor of any accept.
    const c6 = process.cpuUsage();
    const t6 = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`update platforms set updated_at = now() where id = ${platform.id}`);
    });
    const t7 = performance.now();
    const c7 = process.cpuUsage(c6);
    if (i >= WARMUP) {
      judgeCpu += c1.user + c1.system;
      commitCpu += c7.user + c7.system;
      commit.push(t7 - t6);
      judge.push(t1 - t0);
      cpu.push(t3 - t2);
      roundTrip.push(t5 - t4);
    }
  }
  const pct = (xs: number[], q: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
  const fmt = (x: number) => x.toFixed(3);
  const line = (name: string, xs: number[]) =>
    `${name.padEnd(42)} p50 ${fmt(pct(xs, 0.5))} ms  p95 ${fmt(pct(xs, 0.95))} ms  p99 ${fmt(pct(xs, 0.99))} ms  mean ${fmt(xs.reduce((a, b) => a + b, 0) / xs.length)} ms`;
  console.log(`signed retry, ${ITERATIONS} iterations after ${WARMUP} warm-up, PostgreSQL at ${url.host}`);
  console.log(line("judge one retry (steps 4-10, in process)", judge));
  console.log(line("  of which parse + ECDSA verify (native)", cpu));
  console.log(line("one PostgreSQL round trip (select 1)", roundTrip));
  console.log(line("one durable write transaction (floor)", commit));
  console.log(
    `CPU of this process per judgement ${(judgeCpu / ITERATIONS / 1000).toFixed(3)} ms, per durable transaction ${(commitCpu / ITERATIONS / 1000).toFixed(3)} ms (PostgreSQL's excluded)`,
  );
  const p50 = pct(judge, 0.5);
  const floor = pct(commit, 0.5);
  const ratio = p50 / floor;
  console.log(
    `judge p50 / durable tx p50 = ${fmt(p50)} / ${fmt(floor)} = ${ratio.toFixed(2)}x; target <= ${TARGET_RATIO}x: ${ratio <= TARGET_RATIO ? "met" : "MISSED"}`,
  );
  console.log(`load average at the start: ${loadStart}; at the end: ${loadAverage()}`);
  recordFigures("signed-retry", [
    { name: "judge one retry, p50", value: p50, unit: "ms" },
    { name: "one durable write transaction, p50", value: floor, unit: "ms" },
    {
      name: "judge p50 / durable transaction p50",
      value: ratio,
      unit: "×",
      target: `≤ ${TARGET_RATIO}`,
      met: ratio <= TARGET_RATIO,
    },
    { name: "CPU per judgement", value: judgeCpu / ITERATIONS / 1000, unit: "ms" },
  ]);
} finally {
  await closeDb();
  await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
  await admin.end();
}
