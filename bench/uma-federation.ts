/**
 * npm run bench:uma-federation — see bench/README.md "UMA between instances".
 *
 * Two `next start` instances, each on its own fresh PostgreSQL database (the built app in NEXT_DIST_DIR, built unless
 * SKIP_BUILD=1): A serves the UMA domains a.internal and a2.internal, B serves b.internal. One payment, end to end, is
 * the lookup (GET /receiver/uma/…), the quote executed at once (POST /quotes: pay request, settlement delivery) and the
 * receiver's balance read back on its own instance showing the credit. PAYMENTS payments (default 200) one after
 * another from $alice@a.internal to $bob@b.internal (cross-instance: every UMA message crosses processes and
 * databases) and as many to $dora@a2.internal (same instance, another platform: the same protocol without the process
 * hop). Prints p50 and p99 of each, side by side, and the load average.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { buildApp } from "../test/support/server";
import { recordFigures } from "./figures";
import { balanceOf, startUmaInstances, umaCall, umaCustomer, type UmaInstance } from "../test/support/uma-instances";

const PAYMENTS = Number(process.env.PAYMENTS || 200);
const WARMUP = 10;

const percentile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((q / 100) * s.length) - 1)];
};

buildApp();
const { instances } = await startUmaInstances([
  { name: "a", domains: [{ domain: "a.internal" }, { domain: "a2.internal" }] },
  { name: "b", domains: [{ domain: "b.internal" }] },
]);
const A = instances.a;
const B = instances.b;
try {
  const alice = await umaCustomer(A, "a.internal", "alice", 1_000_000_000);
  const bob = await umaCustomer(B, "b.internal", "bob");
  const dora = await umaCustomer(A, "a2.internal", "dora");

  async function pay(to: string, receiver: { inst: UmaInstance; domain: string; id: string }, expected: number) {
    const started = performance.now();
    const look = await umaCall(A, "a.internal", "GET", `/receiver/uma/${encodeURIComponent(to)}`);
    if (look.status !== 200) throw new Error(`lookup ${look.status} ${JSON.stringify(look.body)}`);
    const q = await umaCall(A, "a.internal", "POST", "/quotes", {
      lookupId: look.body.lookupId,
      source: { sourceType: "ACCOUNT", accountId: alice.accountId },
      destination: { destinationType: "UMA_ADDRESS", umaAddress: to, currency: "USD" },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 100,
      immediatelyExecute: true,
    });
    if (q.status !== 201) throw new Error(`quote ${q.status} ${JSON.stringify(q.body)}`);
    const balance = await balanceOf(receiver.inst, receiver.domain, receiver.id);
    if (balance !== expected) throw new Error(`${to}: balance ${balance}, expected ${expected}`);
    return performance.now() - started;
  }

  const runs: Record<string, number[]> = { "cross-instance": [], "same instance": [] };
  const targets = {
    "cross-instance": { to: "$bob@b.internal", receiver: { inst: B, domain: "b.internal", id: bob.id } },
    "same instance": { to: "$dora@a2.internal", receiver: { inst: A, domain: "a2.internal", id: dora.id } },
  };
  for (const [name, t] of Object.entries(targets)) {
    let credited = 0;
    for (let i = 0; i < WARMUP + PAYMENTS; i++) {
      credited += 100;
      const ms = await pay(t.to, t.receiver, credited);
      if (i >= WARMUP) runs[name].push(ms);
    }
  }
  console.log(`\nUMA payment end to end (lookup → quote executed → credit read back), ${PAYMENTS} payments each`);
  console.log("                   p50 ms   p99 ms");
  for (const [name, xs] of Object.entries(runs))
    console.log(
      `${name.padEnd(18)} ${percentile(xs, 50).toFixed(1).padStart(6)}   ${percentile(xs, 99).toFixed(1).padStart(6)}`,
    );
  console.log(
    `load average: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} (${os.cpus().length} CPUs)`,
  );
  recordFigures(
    "uma-federation",
    Object.entries(runs).flatMap(([name, xs]) => [
      { name: `${name} payment end to end, p50`, value: percentile(xs, 50), unit: "ms" },
      { name: `${name} payment end to end, p99`, value: percentile(xs, 99), unit: "ms" },
    ]),
  );
} finally {
  await A.stop();
  await B.stop();
}
