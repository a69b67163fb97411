/**
 * Generated from the operations' contracts (lib/server/edge/openapi/operations.ts, the zod schemas as JSON
 * Schema), on a server of its own:
 * 1. a NUL and a lone surrogate in every string field of every operation's body (and every string
 *    query parameter) answer 400 INVALID_INPUT naming that field;
 * 2. edges on every operation: a body, a body field, a query value and each path parameter
 *    nested 5,000 (2,000 / 1,500 in the URL) levels deep, 50,000-item arrays in every array field, and numbers at
 *    the edges of every numeric field of bodies and queries never answer 5xx;
 * 3. a fuzz run (fast-check, ≥ 200 cases per operation: wrong types, huge and unicode strings,
 *    missing and extra fields, bad ids, bad headers) never answers 5xx, and every 4xx is the error
 *    object. The number of cases run is printed.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operations } from "@/lib/server/edge/openapi/operations";
import type { Operation } from "@/lib/server/core/operation";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import {
  arrayPaths,
  edgeNumbers,
  type Json,
  jsonSchema,
  numberPaths,
  sample,
  setAt,
  stringPaths,
} from "../../support/contract-fuzz-schema";
import { example } from "../../support/external-account-examples";
import { startOwnServer, type OwnServer } from "../../support/own-server";
import type { RunningServer } from "../../support/server";

/** FUZZ_CASES_PER_OPERATION raises it for a longer run. */
const CASES_PER_OPERATION = Number(process.env.FUZZ_CASES_PER_OPERATION ?? 200);

const CONCURRENCY = 8;

const BAD_TEXT = ["a\u0000b", "x\ud800y"];

type Op = Operation<any, any, any>;

let own: OwnServer;
let server: RunningServer;
let platformAuth = "";
let agentAuth = "";

const realIds: string[] = [];

async function send(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  // Answers uncompressed (the server gzips what a client accepts): this file tests the contract, not the compression,
  // and gzip was about a tenth of its server's CPU.
  const go = () =>
    fetch(`${server.url}/api/2025-10-13${path}`, {
      method,
      headers: { "accept-encoding": "identity", ...init.headers },
      body: init.body,
      redirect: "manual",
    });
  // A kept-alive connection that the server closed as idle just as it was reused (a client-side race
  // under load, not an answer): sent once more on a fresh connection.
  const r = await go().catch((e) => (String(e?.cause ?? "").includes("other side closed") ? go() : Promise.reject(e)));
  const text = await r.text();
  return { status: r.status, text, contentType: r.headers.get("content-type") ?? "" };
}

async function json(method: string, path: string, auth: string, body?: unknown) {
  const r = await send(method, path, {
    headers: { authorization: auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
  return JSON.parse(r.text);
}

beforeAll(async () => {
  own = await startOwnServer("fuzz", { WEBHOOK_WORKER: "off" });
  server = own.server;
  const p = await createPlatform({ name: "fuzz", environment: "SANDBOX" });
  platformAuth = `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString("base64")}`;
  const consent = {
    termsVersion: "V1",
    acceptedAt: new Date().toISOString(),
    acceptanceMethod: "CHECKBOX",
    ipAddress: "127.1.2.7",
  };
  const c = await json("POST", "/customers", platformAuth, {
    customerType: "INDIVIDUAL",
    fullName: "Fuzz",
    currencies: ["USD"],
    endUserTermsConsent: consent,
  });
  const accts = await json("GET", `/customers/internal-accounts?customerId=${encodeURIComponent(c.id)}`, platformAuth);
  const usd = accts.data.find((a: Json) => a.balance.currency.code === "USD").id;
  await json("POST", `/sandbox/internal-accounts/${usd}/fund`, platformAuth, { amount: 1_000_000 });
  const ex = example("USD_ACCOUNT");
  const ext = await json("POST", "/customers/external-accounts", platformAuth, {
    customerId: c.id,
    currency: "USD",
    accountInfo: ex.accountInfo,
  });
  const agent = await json("POST", "/agents", platformAuth, {
    name: "Fuzz agent",
    customerId: c.id,
    policy: {
      // Every permission: the edge checks the agent's permission before it reads the body, and these cases are about bodies.
      permissions: [
        "VIEW_TRANSACTIONS",
        "CREATE_QUOTES",
        "EXECUTE_QUOTES",
        "CREATE_TRANSFERS",
        "MANAGE_EXTERNAL_ACCOUNTS",
      ],
      defaultExecutionMode: "AUTO",
      spendingLimits: { currency: "USD", perTransactionLimit: 5_000, dailyLimit: 8_000 },
    },
  });
  const redeemed = await json("POST", `/agents/device-codes/${agent.deviceCode.code}/redeem`, "");
  agentAuth = `Bearer ${redeemed.accessToken}`;
  realIds.push(c.id, usd, ext.id, agent.agent.id, ...accts.data.map((a: Json) => a.id));
}, 180_000);

afterAll(async () => {
  await own?.stop();
});

function authFor(op: Op): Record<string, string> {
  if (op.auth === "platform") return { authorization: platformAuth };
  if (op.auth === "agent") return { authorization: agentAuth };
  return {};
}

function pathParams(op: Op): string[] {
  return [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

function fill(op: Op, values: Record<string, string>): string {
  return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => enc(values[name] ?? realIds[0]));
}

/** encodeURIComponent, except that a lone surrogate is sent as its (invalid) UTF-8 bytes instead of throwing. */
function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s].map((ch) => (/[\ud800-\udfff]/.test(ch) ? "%ED%A0%80" : encodeURIComponent(ch))).join("");
  }
}

function isErrorObject(text: string, status: number): boolean {
  try {
    const b = JSON.parse(text);
    return (
      b &&
      b.status === status &&
      typeof b.code === "string" &&
      typeof b.message === "string" &&
      (b.details === undefined || typeof b.details === "object")
    );
  } catch {
    return false;
  }
}

async function pool<T>(items: T[], n: number, fn: (t: T) => Promise<void>): Promise<void> {
  let i = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (i < items.length) await fn(items[i++]);
    }),
  );
}

describe("generated from the contracts", () => {
  it("a NUL or a lone surrogate in any string field of any body or query answers 400 naming the field", async () => {
    const failures: string[] = [];
    const cases: { op: Op; field: string; path: string; body?: string }[] = [];
    for (const op of operations as Op[]) {
      const params = Object.fromEntries(pathParams(op).map((p) => [p, realIds[0]]));
      // Multipart operations (documents) refuse a JSON body with 415 before any field is read; their text fields go
      // through the same check once the form is parsed (lib/server/core/body.ts readFormBody, then parseOrThrow).
      if (op.body && op.bodyEncoding !== "multipart/form-data") {
        const root = jsonSchema(op.body);
        const base = sample(root, root);
        const unique = [...new Map(stringPaths(root, root).map((p) => [p.join("."), p])).values()];
        for (const p of unique) {
          for (const bad of BAD_TEXT)
            cases.push({ op, field: p.join("."), path: fill(op, params), body: JSON.stringify(setAt(base, p, bad)) });
        }
      }
      if (op.query) {
        const root = jsonSchema(op.query);
        for (const p of stringPaths(root, root).filter((x) => x.length === 1)) {
          const field = String(p[0]);
          cases.push({ op, field, path: `${fill(op, params)}?${field}=a%00b` });
        }
      }
    }
    const slow: string[] = [];
    const t0 = Date.now();
    await pool(cases, CONCURRENCY, async (c) => {
      const t = Date.now();
      const r = await send(c.op.method, c.path, {
        headers: { ...authFor(c.op), "content-type": "application/json" },
        body: c.body,
      });
      if (Date.now() - t > 1000) slow.push(`${c.op.method} ${c.op.path} ${c.field} ${Date.now() - t} ms`);
      let fields: string[] = [];
      try {
        fields = JSON.parse(r.text).details.errors.map((e: { field: string }) => e.field);
      } catch {}
      if (r.status !== 400 || !fields.includes(c.field))
        failures.push(`${c.op.method} ${c.op.path} ${c.field}: ${r.status} ${r.text.slice(0, 200)}`);
    });
    console.log(
      `bad text: ${cases.length} cases over ${operations.length} operations in ${Date.now() - t0} ms, ${failures.length} failures; slow: ${slow.slice(0, 10).join("; ")}`,
    );
    expect(failures).toEqual([]);
    expect(cases.length).toBeGreaterThan(200);
  }, 600_000);

  it("edges on every operation: nesting 5,000 deep (body, query, path), huge arrays, numbers at the edges of every numeric field; no 5xx", async () => {
    const NUM = '"\\u0000edge"';
    const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
    const cases: { op: Op; what: string; path: string; body?: string }[] = [];
    for (const op of operations as Op[]) {
      const names = pathParams(op);
      const params = Object.fromEntries(names.map((p) => [p, realIds[0]]));
      const url = fill(op, params);
      const json = op.body && op.bodyEncoding !== "multipart/form-data";
      const root = json && op.body ? jsonSchema(op.body) : undefined;
      const base = root ? sample(root, root) : undefined;
      // Nesting: the whole body, the body's first field, a query value, each path parameter.
      cases.push({ op, what: "body nested 5000", path: url, body: deep(5000) });
      if (base && typeof base === "object" && !Array.isArray(base) && Object.keys(base).length) {
        const [k] = Object.keys(base);
        const text = JSON.stringify(setAt(base, [k], "\u0000deep"));
        cases.push({ op, what: `${k} nested 5000`, path: url, body: text.replace('"\\u0000deep"', deep(5000)) });
      }
      const qName = op.query ? (Object.keys(jsonSchema(op.query).properties ?? {})[0] ?? "limit") : "limit";
      cases.push({ op, what: `query ${qName} nested`, path: `${url}?${qName}=${encodeURIComponent(deep(2000))}` });
      for (const name of names)
        cases.push({ op, what: `path ${name} nested`, path: fill(op, { ...params, [name]: deep(1500) }) });
      if (!root) continue;
      // Numbers at the edges of every numeric field of the body.
      for (const { path, schema } of numberPaths(root, root)) {
        const text = JSON.stringify(setAt(base, path, "\u0000edge"));
        for (const n of edgeNumbers(schema))
          cases.push({ op, what: `${path.join(".")}=${n}`, path: url, body: text.replace(NUM, n) });
      }
      // Huge arrays in every array field: 50,000 copies of a valid-looking item, and of a wrong one.
      for (const { path, items } of arrayPaths(root, root)) {
        const item = JSON.stringify(sample(root, items) ?? 1);
        const text = JSON.stringify(setAt(base, path, "\u0000edge"));
        for (const [label, one] of [
          ["items", item],
          ["junk", "{}"],
        ])
          cases.push({
            op,
            what: `${path.join(".")}: 50000 ${label}`,
            path: url,
            body: text.replace(NUM, `[${Array.from({ length: 50_000 }, () => one).join(",")}]`),
          });
      }
    }
    // Numbers at the edges of every numeric query parameter.
    for (const op of operations as Op[]) {
      if (!op.query) continue;
      const url = fill(op, Object.fromEntries(pathParams(op).map((p) => [p, realIds[0]])));
      const q = jsonSchema(op.query);
      for (const { path, schema } of numberPaths(q, q).filter((x) => x.path.length === 1))
        for (const n of edgeNumbers(schema))
          cases.push({ op, what: `query ${path[0]}=${n}`, path: `${url}?${path[0]}=${encodeURIComponent(n)}` });
    }
    const failures: string[] = [];
    const t0 = Date.now();
    await pool(cases, CONCURRENCY, async (c) => {
      let r: { status: number; text: string };
      try {
        r = await send(c.op.method, c.path, {
          headers: { ...authFor(c.op), "content-type": "application/json" },
          body: c.op.method === "GET" ? undefined : c.body,
        });
      } catch (e) {
        failures.push(`${c.op.method} ${c.op.path} ${c.what}: no answer ${String((e as Error).cause ?? e)}`);
        return;
      }
      if (r.status >= 500 || (r.status >= 400 && !isErrorObject(r.text, r.status)))
        failures.push(`${c.op.method} ${c.op.path} ${c.what}: ${r.status} ${r.text.slice(0, 200)}`);
    });
    console.log(
      `edges: ${cases.length} cases over ${new Set(operations).size} operations in ${Math.round((Date.now() - t0) / 1000)} s; 5xx or malformed errors: ${failures.length}`,
    );
    if (failures.length) fs.writeFileSync(path.join(os.tmpdir(), "contract-fuzz-edges.txt"), failures.join("\n"));
    expect(failures.slice(0, 20)).toEqual([]);
    expect(new Set(cases.map((c) => c.op)).size).toBe(new Set(operations).size);
  }, 600_000);

  it(`fuzz: ${CASES_PER_OPERATION} generated requests per operation, no 5xx, every 4xx an error object`, async () => {
    const unicode = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.constantFrom("\u202e", "\ud83d\ude00", "e\u0301", "\ufeff", "İ", "\u0000", "\udfff"),
    );
    const hugeString = fc.integer({ min: 1000, max: 60_000 }).map((n) => "ä".repeat(n));
    const junk = fc.oneof(
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      unicode,
      hugeString,
      fc.array(fc.jsonValue(), { maxLength: 5 }),
      fc.dictionary(unicode, fc.jsonValue(), { maxKeys: 5 }),
      fc.constantFrom(2 ** 53, -1, 1e308, -0, "1e15", "NaN", [], {}),
    );
    // Long ids, query values and headers stay under 16 KiB of request head together: past it, Node's
    // HTTP parser answers 431 without a body before any application code runs.
    const badId = fc.oneof(
      fc.constantFrom(...realIds),
      fc.uuid(),
      fc.uuid().map((u) => `Customer:${u}`),
      fc.uuid().map((u) => `InternalAccount:${u}`),
      unicode.filter((s) => s.length > 0),
      fc.constantFrom("..", "%2e%2e", "a/b", " ", "null", "undefined", "Customer:", ":", "x".repeat(2000)),
    );
    const goodOrBadHeader = fc.oneof(
      unicode.map((s) => s.replace(/[^\x20-\x7e]/g, "")),
      fc.constantFrom("", "x".repeat(4000), "Bearer", "Basic ###"),
    );
    const authArb = (op: Op) =>
      fc.oneof(
        { weight: 40, arbitrary: fc.constant(authFor(op)) },
        { weight: 1, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: goodOrBadHeader.map((h) => ({ authorization: h })) },
      );

    function bodyArb(op: Op): fc.Arbitrary<string | undefined> {
      if (!op.body)
        return fc.oneof(
          fc.constant(undefined),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        );
      const root = jsonSchema(op.body);
      const base = sample(root, root) as Json;
      const paths = stringPaths(root, root);
      const keys = base && typeof base === "object" ? Object.keys(base) : [];
      const mutated = fc
        .record({
          drop: fc.subarray(keys),
          replace: fc.array(fc.tuple(keys.length ? fc.constantFrom(...keys) : fc.constant("x"), junk), {
            maxLength: 3,
          }),
          deep: fc.array(
            fc.tuple(
              paths.length ? fc.constantFrom(...paths) : fc.constant(["x"] as (string | number)[]),
              fc.oneof(junk, unicode),
            ),
            { maxLength: 3 },
          ),
          extra: fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue(), { maxKeys: 2 }),
        })
        .map(({ drop, replace, deep, extra }) => {
          let b: any = { ...base };
          for (const k of drop) delete b[k];
          for (const [k, v] of replace) b[k] = v;
          for (const [p, v] of deep) b = setAt(b, p, v);
          return JSON.stringify({ ...b, ...extra });
        });
      return fc.oneof(
        { weight: 8, arbitrary: mutated },
        { weight: 1, arbitrary: fc.constant(JSON.stringify(base)) },
        { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(undefined, "", "{", "[1,", '{"a":}', "\u0000", "nul\u0000l", "{}".repeat(10)),
        },
      );
    }

    function queryArb(op: Op): fc.Arbitrary<string> {
      const names = op.query ? Object.keys((jsonSchema(op.query).properties ?? {}) as Json) : [];
      const name = fc.oneof(
        names.length ? fc.constantFrom(...names) : fc.constant("limit"),
        fc.string({ maxLength: 10 }),
      );
      const value = fc.oneof(
        unicode,
        fc.integer().map(String),
        fc.constantFrom("", "-1", "1e309", "true", "%", "%00", "%ZZ", "x".repeat(1500)),
        badId,
      );
      return fc
        .array(fc.tuple(name, value), { maxLength: 4 })
        .map((pairs) =>
          pairs.length ? `?${pairs.map(([k, v]) => `${enc(k)}=${v.startsWith("%") ? v : enc(v)}`).join("&")}` : "",
        );
    }

    const caseArb = (op: Op) =>
      fc.record({
        auth: authArb(op),
        params: fc.record(Object.fromEntries(pathParams(op).map((p) => [p, badId]))) as fc.Arbitrary<
          Record<string, string>
        >,
        query: queryArb(op),
        body: bodyArb(op),
        contentType: fc.oneof(
          { weight: 10, arbitrary: fc.constant("application/json") },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              "text/plain",
              "application/x-www-form-urlencoded",
              "application/json; charset=latin1",
              "",
            ),
          },
        ),
        headers: fc.dictionary(
          fc.constantFrom(
            "Idempotency-Key",
            "Request-Id",
            "Service-Wallet-Signature",
            "Accept",
            "RSC",
            "X-Forwarded-For",
          ),
          goodOrBadHeader,
          { maxKeys: 3 },
        ),
      });

    const failures: string[] = [];
    let count = 0;
    let seed = 1;
    const started = Date.now();
    for (const op of operations as Op[]) {
      const cases = fc.sample(caseArb(op), { numRuns: CASES_PER_OPERATION, seed: seed++ });
      await pool(cases, CONCURRENCY, async (c) => {
        const headers: Record<string, string> = { ...c.headers, ...c.auth };
        if (c.contentType) headers["content-type"] = c.contentType;
        const url = `${fill(op, c.params)}${c.query}`;
        let r: { status: number; text: string };
        try {
          r = await send(op.method, url, { headers, body: op.method === "GET" ? undefined : c.body });
        } catch (e) {
          // fetch itself refused to build the request (a header value it cannot send): not sent at all.
          if (e instanceof TypeError && e.message !== "fetch failed") return;
          count++;
          failures.push(`${op.method} ${url.slice(0, 120)} → no answer: ${String((e as Error).cause ?? e)}`);
          return;
        }
        count++;
        if (r.status >= 500)
          failures.push(
            `${op.method} ${url.slice(0, 120)} → ${r.status} ${r.text.slice(0, 200)} body=${String(c.body).slice(0, 200)}`,
          );
        else if (r.status >= 400 && !isErrorObject(r.text, r.status))
          failures.push(`${op.method} ${url.slice(0, 120)} → ${r.status} not an error object: ${r.text.slice(0, 200)}`);
      });
    }
    console.log(
      `fuzz: ${count} cases over ${operations.length} operations in ${Math.round((Date.now() - started) / 1000)} s; 5xx or malformed errors: ${failures.length}`,
    );
    if (failures.length) fs.writeFileSync(path.join(os.tmpdir(), "contract-fuzz-failures.txt"), failures.join("\n"));
    expect(failures.slice(0, 20)).toEqual([]);
    expect(count).toBeGreaterThanOrEqual(CASES_PER_OPERATION * operations.length * 0.95);
    expect(server.logs()).not.toMatch(/"level":50/);
  }, 600_000);
});
