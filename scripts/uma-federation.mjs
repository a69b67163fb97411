#!/usr/bin/env node
// `npm run uma:federation`: two instances of the service on loopback, each with its own embedded database and its
// own sandbox platform on its own UMA domain (a.internal, b.internal), pay each other over UMA: $alice@a.internal
// pays $bob@b.internal, and $bob pays her back. Each step is printed. The instances stop at the end; with --keep they
// stay up (Ctrl-C stops them). UMA addresses carry no port, so UMA_SANDBOX_HOSTS tells each instance which loopback
// origin serves each domain (docs/protocol.md "UMA: the service as a VASP").
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const keep = process.argv.includes("--keep");
const bin = (name) => path.resolve("node_modules/.bin", name);
const root = path.resolve(process.env.UMA_FEDERATION_DIR || ".data/uma-federation");
const vasps = [
  { name: "A", domain: "a.internal", user: "alice", port: Number(process.env.UMA_FEDERATION_PORT_A || 3101) },
  { name: "B", domain: "b.internal", user: "bob", port: Number(process.env.UMA_FEDERATION_PORT_B || 3102) },
];
const hosts = vasps.map((v) => `${v.domain}=http://127.0.0.1:${v.port}`).join(",");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const children = [];
const stop = () => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
};
process.on("SIGINT", () => {
  stop();
  process.exit(130);
});

const step = (text) => console.log(`\n▶ ${text}`);

const distDir = process.env.NEXT_DIST_DIR || ".next";
if (process.env.SKIP_BUILD !== "1" || !fs.existsSync(path.join(distDir, "BUILD_ID"))) {
  step("next build");
  if (spawnSync(bin("next"), ["build"], { stdio: "inherit", env }).status !== 0) process.exit(1);
}

for (const v of vasps) {
  v.dir = path.join(root, v.name.toLowerCase());
  v.origin = `http://localhost:${v.port}`;
  step(`instance ${v.name}: ${v.origin}, UMA domain ${v.domain}, embedded database in ${v.dir}`);
  const child = spawn(bin("next"), ["start", "--port", String(v.port), "--hostname", "127.0.0.1"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...env,
      DATA_DIR: v.dir,
      DEMO_PLATFORM: "on",
      PUBLIC_URL: v.origin,
      UMA_SANDBOX_HOSTS: hosts,
      LOG_LEVEL: "warn",
    },
  });
  children.push(child);
}

async function healthy(v) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${v.origin}/api/health`)).ok && fs.existsSync(path.join(v.dir, "demo-platform.json"))) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`instance ${v.name} did not start`);
}

async function call(v, method, p, body) {
  const res = await fetch(`${v.origin}/api/2025-10-13${p}`, {
    method,
    headers: { authorization: v.auth, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`${method} ${p} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function usdAccount(v, customerId) {
  const list = await call(v, "GET", `/customers/internal-accounts?customerId=${customerId}&currency=USD`);
  return list.data.find((a) => a.type === "INTERNAL_FIAT") ?? list.data[0];
}

async function pay(from, to, amount) {
  const address = `$${to.user}@${to.domain}`;
  step(`${from.name}: GET /receiver/uma/${address} (signed LNURLP request to ${to.domain}, answer verified)`);
  const look = await call(from, "GET", `/receiver/uma/${encodeURIComponent(address)}?customerId=${from.customerId}`);
  console.log(
    `  accepts ${look.supportedCurrencies.map((c) => c.currency.code).join(", ")}; lookupId ${look.lookupId}`,
  );
  step(`${from.name}: POST /quotes to ${address}, ${amount} cents, executed at once (pay request, then settlement)`);
  const q = await call(from, "POST", "/quotes", {
    lookupId: look.lookupId,
    source: { sourceType: "ACCOUNT", accountId: from.accountId },
    destination: { destinationType: "UMA_ADDRESS", umaAddress: address, currency: "USD" },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: amount,
    immediatelyExecute: true,
  });
  console.log(`  quote ${q.id}: ${q.status}, transaction ${q.transactionId}`);
  const incoming = await call(to, "GET", `/transactions?customerId=${to.customerId}&type=INCOMING&limit=1`);
  const t = incoming.data[0];
  console.log(`  ${to.name} sees ${t.id}: ${t.status}, from ${t.source?.umaAddress ?? "?"}`);
}

try {
  for (const v of vasps) {
    await healthy(v);
    const demo = JSON.parse(fs.readFileSync(path.join(v.dir, "demo-platform.json"), "utf8"));
    v.auth = `Basic ${Buffer.from(`${demo.clientId}:${demo.clientSecret}`).toString("base64")}`;
    step(`${v.name}: PATCH /config {umaDomain: "${v.domain}"}`);
    await call(v, "PATCH", "/config", { umaDomain: v.domain });
    const address = `$${v.user}@${v.domain}`;
    const found = await call(v, "GET", `/customers?limit=100`);
    let c = found.data.find((x) => x.umaAddress === address);
    if (!c) {
      step(`${v.name}: POST /customers ${address}`);
      c = await call(v, "POST", "/customers", {
        customerType: "INDIVIDUAL",
        fullName: `${v.user[0].toUpperCase()}${v.user.slice(1)} Example`,
        email: `${v.user}@example.test`,
        umaAddress: address,
        currencies: ["USD"],
        endUserTermsConsent: {
          termsVersion: "V1",
          acceptedAt: new Date().toISOString(),
          acceptanceMethod: "CLICK_TO_ACCEPT",
          ipAddress: "127.0.0.1",
        },
      });
    }
    v.customerId = c.id;
    v.accountId = (await usdAccount(v, c.id)).id;
    step(`${v.name}: fund ${address} with 10000 cents (sandbox)`);
    await call(v, "POST", `/sandbox/internal-accounts/${v.accountId}/fund`, { amount: 10000 });
  }
  const [a, b] = vasps;
  await pay(a, b, 2500);
  await pay(b, a, 1000);
  step("balances");
  for (const v of vasps)
    console.log(`  $${v.user}@${v.domain}: ${(await usdAccount(v, v.customerId)).balance.amount} cents`);
  if (keep) {
    console.log(`\nA: ${a.origin}  B: ${b.origin}  (Ctrl-C stops both)`);
    await new Promise(() => {});
  }
} catch (e) {
  console.error(`\n✗ ${e.message}`);
  process.exitCode = 1;
} finally {
  if (!keep) stop();
}
