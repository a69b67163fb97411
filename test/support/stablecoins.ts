/** The helpers of test/integration/stablecoins/stablecoins.test.ts: its server, a platform that issues a coin, the ledger's figures. */
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { execRows, getDb } from "@/db/client";
import { checkLedger } from "@/lib/server/ledger/ledger-check";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { example } from "./external-account-examples";
import type { OwnServer } from "./own-server";
import type { RunningServer } from "./server";

export const DELAY = 250;
/** The file's own server, and the instance its requests go to (a restart replaces it). */
export const servers = {} as { own: OwnServer; current: RunningServer };

export interface P {
  id: string;
  auth: string;
}
let n = 0;
export async function platform(): Promise<P> {
  const p = await createPlatform({
    name: `Stablecoin platform ${++n}`,
    environment: "SANDBOX",
    settings: { skipVerificationPaperwork: true },
  });
  return {
    id: p.id.replace(/^Platform:/, ""),
    auth: `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString("base64")}`,
  };
}

export async function call(
  method: string,
  path: string,
  opts: { auth: string; body?: unknown; key?: string | null },
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { authorization: opts.auth };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const key = opts.key === undefined && method === "POST" ? `k-${Math.random().toString(36).slice(2)}` : opts.key;
  if (key) headers["idempotency-key"] = key;
  const res = await fetch(`${servers.current.url}/api/2025-10-13${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

export async function until<T>(what: () => Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A platform with a provider link, a registered coin, a platform USD bank account and a Spark wallet. */
export async function issuer(symbol = "ACME") {
  const p = await platform();
  const link = await call("POST", "/stablecoin-provider-accounts", {
    auth: p.auth,
    body: { provider: "BRALE", apiClientId: `client-${symbol}`, apiClientSecret: "s3cret-provider-value" },
  });
  expect(link.status).toBe(201);
  const coin = await call("POST", "/stablecoins", {
    auth: p.auth,
    body: {
      providerTokenIdentifier: symbol,
      networkTokenIdentifier: "btknrt1qw508d6qejxtdg4y5r3zarvary0c5xw7k",
      network: "SPARK",
    },
  });
  expect(coin.status).toBe(201);
  const bank = await call("POST", "/platform/external-accounts", { auth: p.auth, body: example("USD_ACCOUNT") });
  expect(bank.status).toBe(201);
  const spark = await call("POST", "/platform/external-accounts", { auth: p.auth, body: example("SPARK_WALLET") });
  expect(spark.status).toBe(201);
  return { p, link: link.body, coin: coin.body, bank: bank.body.id as string, spark: spark.body.id as string };
}

export const consent = () => ({
  termsVersion: "V1",
  acceptedAt: new Date().toISOString(),
  acceptanceMethod: "CHECKBOX",
  ipAddress: "127.1.2.7",
});

export const op = (p: P, id: string) => call("GET", `/stablecoin-operations/${id}`, { auth: p.auth });
export const settled = (r: { body: { status: string } }) => ["COMPLETED", "FAILED", "EXPIRED"].includes(r.body.status);

export async function ledgerOf(platformId: string, account: string): Promise<bigint> {
  const [r] = await execRows<{ total: string | null }>(
    await getDb(),
    sql`select sum(amount)::text as total from ledger_entries where platform_id = ${platformId} and account like ${account}`,
  );
  return BigInt(r.total ?? "0");
}
export const supply = async (platformId: string, symbol: string) =>
  -(await ledgerOf(platformId, `sys:%:STABLECOIN_ISSUED:${symbol}`));

export async function sound(platformId: string) {
  expect(await checkLedger(await getDb(), platformId)).toEqual({ unbalanced: [], mismatched: [] });
}
