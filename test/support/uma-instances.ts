import { randomBytes } from "node:crypto";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "@/db/schema";
import type { Db } from "@/db/client";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import http from "node:http";
import { createTestDatabase, freePort, type RunningServer, startServer } from "./server";
import { termsConsent } from "./terms-consent";

export interface UmaInstance {
  server: RunningServer;
  dbUrl: string;
  api: string;
  platforms: Record<string, { id: string; auth: string }>;
  sql: ReturnType<typeof postgres>;
  stop: () => Promise<void>;
}

/**
 * Two (or more) `next start` instances, each on its own database, with sandbox platforms on UMA domains under
 * `.internal` (UMA builds http:// URLs for those); every instance's UMA_SANDBOX_HOSTS maps each domain to the instance
 * serving it on loopback, plus `extraHosts` (a counterparty VASP of a test).
 */
export async function startUmaInstances(
  spec: { name: string; domains: { domain: string; settings?: Record<string, unknown> }[] }[],
  extraHosts: Record<string, string> = {},
): Promise<{ instances: Record<string, UmaInstance>; kek: string; hosts: string }> {
  const kek = randomBytes(32).toString("hex");
  const ports = await Promise.all(spec.map(() => freePort()));
  const hostMap: Record<string, string> = { ...extraHosts };
  spec.forEach((s, i) => {
    for (const d of s.domains) hostMap[d.domain] = `http://127.0.0.1:${ports[i]}`;
  });
  const hosts = Object.entries(hostMap)
    .map(([d, o]) => `${d}=${o}`)
    .join(",");
  const instances: Record<string, UmaInstance> = {};
  await Promise.all(
    spec.map(async (s, i) => {
      const db = await createTestDatabase(`uma_${s.name}`);
      const server = await startServer(
        { DATABASE_URL: db.url, DEMO_PLATFORM: "off", KEY_ENCRYPTION_KEY: kek, UMA_SANDBOX_HOSTS: hosts },
        { port: ports[i] },
      );
      const sql = postgres(db.url, { max: 2, onnotice: () => {} });
      const conn = drizzle(sql, { schema }) as unknown as Db;
      const platforms: UmaInstance["platforms"] = {};
      for (const d of s.domains) {
        const p = await createPlatform(
          {
            name: `${s.name} ${d.domain}`,
            environment: "SANDBOX",
            settings: { skipVerificationPaperwork: true, umaDomain: d.domain, ...d.settings },
          },
          conn,
        );
        platforms[d.domain] = {
          id: p.id.replace(/^Platform:/, ""),
          auth: `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString("base64")}`,
        };
      }
      instances[s.name] = {
        server,
        dbUrl: db.url,
        api: `${server.url}/api/2025-10-13`,
        platforms,
        sql,
        stop: async () => {
          await server.stop();
          await sql.end();
          await db.drop();
        },
      };
    }),
  );
  return { instances, kek, hosts };
}

/** One API call to an instance as one of its platforms. */
export async function umaCall(inst: UmaInstance, domain: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${inst.api}${path}`, {
    method,
    headers: {
      authorization: inst.platforms[domain].auth,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: res.status, body: json };
}

/** A customer with an UMA address and a funded USD account; returns its id and account id. */
export async function umaCustomer(
  inst: UmaInstance,
  domain: string,
  user: string,
  fund = 0,
  extra: Record<string, unknown> = {},
) {
  const c = await umaCall(inst, domain, "POST", "/customers", {
    customerType: "INDIVIDUAL",
    fullName: "Test User",
    email: `${user}.${Date.now()}@example.test`,
    umaAddress: `$${user}@${domain}`,
    currencies: ["USD"],
    endUserTermsConsent: termsConsent(),
    ...extra,
  });
  if (c.status !== 201) throw new Error(`customer: ${c.status} ${JSON.stringify(c.body)}`);
  const accts = await umaCall(inst, domain, "GET", `/customers/internal-accounts?customerId=${c.body.id}&currency=USD`);
  const account = accts.body.data.find((a: any) => a.type === "INTERNAL_FIAT") ?? accts.body.data[0];
  if (fund > 0) {
    const f = await umaCall(inst, domain, "POST", `/sandbox/internal-accounts/${account.id}/fund`, { amount: fund });
    if (f.status !== 200) throw new Error(`fund: ${f.status} ${JSON.stringify(f.body)}`);
  }
  return { id: c.body.id as string, accountId: account.id as string };
}

export async function balanceOf(inst: UmaInstance, domain: string, customerId: string): Promise<number> {
  const accts = await umaCall(
    inst,
    domain,
    "GET",
    `/customers/internal-accounts?customerId=${customerId}&currency=USD`,
  );
  const a = accts.body.data.find((x: any) => x.type === "INTERNAL_FIAT") ?? accts.body.data[0];
  return a.balance.amount;
}

/** GET with a Host header of the caller's choosing (fetch drops it): how another VASP reaches a domain on loopback. */
export function getAsDomain(origin: string, path: string, host: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${origin}${path}`, { headers: { host } }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
    });
    req.on("error", reject);
  });
}
