/**
 * Bad input and what the log keeps of it, on a server of its own whose log (level info) the test
 * reads: database errors logged without the values sent, a client hanging up logged as one info
 * line, malformed paths and NUL in query filters answered with JSON 400s, `RSC: 1` answered as
 * usual, and amounts bounded by 2^53 − 1 before anything is written.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { startOwnServer, type OwnServer } from "../../support/own-server";
import type { RunningServer } from "../../support/server";

let own: OwnServer;
let server: RunningServer;
let auth: string;

async function call(
  method: string,
  path: string,
  opts: { body?: unknown; headers?: Record<string, string>; auth?: string | null } = {},
) {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.auth !== null) headers.authorization = opts.auth ?? auth;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const r = await fetch(`${server.url}/api/2025-10-13${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await r.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: r.status, body, contentType: r.headers.get("content-type") };
}

/** Log lines (JSON) written since `mark`. */
function logLinesSince(mark: number): Record<string, unknown>[] {
  return server
    .logs()
    .slice(mark)
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l));
}

beforeAll(async () => {
  own = await startOwnServer("badin", { LOG_LEVEL: "info" });
  server = own.server;
  const p = await createPlatform({ name: "bad input", environment: "SANDBOX" });
  auth = `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString("base64")}`;
});

afterAll(async () => {
  await own?.stop();
});

describe("bad input and the log", () => {
  it("a database error is logged with its class, code and constraint, never the values sent", async () => {
    // Two constraints the service does not expect, so that its inserts fail inside PostgreSQL.
    const sql = postgres(own.dbUrl, { max: 1, onnotice: () => {} });
    await sql`create unique index leak_test_email_uq on customers (email)`;
    await sql`alter table customers add constraint leak_test_name_len check (length(profile->>'fullName') < 60)`;
    await sql.end();
    const email = `leak.${Date.now()}@example.org`;
    const longName = `Zebulon Leakington ${"Q".repeat(60)}`;
    const mark = server.logs().length;
    const first = await call("POST", "/customers", {
      body: { customerType: "INDIVIDUAL", fullName: "Ada Leak", email },
    });
    expect(first.status).toBe(201);
    const dup = await call("POST", "/customers", {
      body: { customerType: "INDIVIDUAL", fullName: "Ada Leak Two", email },
    });
    const long = await call("POST", "/customers", { body: { customerType: "INDIVIDUAL", fullName: longName } });
    for (const r of [dup, long]) expect(r.body).toMatchObject({ status: 500, code: "INTERNAL_ERROR" });

    const log = server.logs().slice(mark);
    for (const value of [email, "Ada Leak Two", "Zebulon", "QQQQ"]) expect(log).not.toContain(value);
    const errors = logLinesSince(mark).filter((l) => l.level === 50);
    expect(errors.map((l) => l.err)).toEqual([
      expect.objectContaining({
        errorClass: "PostgresError",
        code: "23505",
        constraint: "leak_test_email_uq",
        table: "customers",
      }),
      expect.objectContaining({
        errorClass: "PostgresError",
        code: "23514",
        constraint: "leak_test_name_len",
        table: "customers",
      }),
    ]);
    for (const l of errors)
      expect(Object.keys(l.err as object).sort()).toEqual(["code", "constraint", "errorClass", "table"]);
  });

  it("a client that hangs up mid-body is one info line, no error and no stack", async () => {
    const mark = server.logs().length;
    const sock = net.connect(server.port, "127.0.0.1");
    await new Promise<void>((resolve) => sock.once("connect", () => resolve()));
    sock.write(
      `POST /api/2025-10-13/customers HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${auth}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"customerType":"INDI`,
    );
    await new Promise((r) => setTimeout(r, 300));
    sock.destroy();
    const line = await waitForLog(mark, (l) => l.route === "/customers" && l.method === "POST");
    expect(line).toMatchObject({ level: 30, status: 499 });
    await new Promise((r) => setTimeout(r, 200));
    const text = server.logs().slice(mark);
    expect(text).not.toMatch(/"level":50/);
    expect(text).not.toContain("stack");
    expect(text.trim().split("\n")).toHaveLength(1);
  });

  it("malformed percent-encoding in any path answers a JSON 400 before authentication, logged as one info line", async () => {
    const mark = server.logs().length;
    for (const path of [
      "/customers/%E0%A4%A",
      "/customers/ab%ZZ",
      "/internal-accounts/%FF",
      "/customers/%",
      "/nope/%C0%AF/x",
    ]) {
      const r = await call("GET", path, { auth: null });
      expect(r.status, path).toBe(400);
      expect(r.contentType).toContain("application/json");
      expect(r.body).toMatchObject({ status: 400, code: "INVALID_INPUT", details: { errors: [{ field: "(path)" }] } });
    }
    // Well-formed encodings still reach the routes.
    expect((await call("GET", "/customers/Customer%3A0190f5e6-0000-7000-8000-000000000000")).status).toBe(404);
    const lines = logLinesSince(mark);
    expect(lines.filter((l) => l.reason === "MALFORMED_PATH").every((l) => l.level === 30)).toBe(true);
    expect(lines.filter((l) => l.reason === "MALFORMED_PATH")).toHaveLength(5);
    expect(server.logs().slice(mark)).not.toContain("stack");
  });

  it("NUL and lone surrogates in query filters and path ids answer 400 naming the parameter", async () => {
    const list = await call("GET", "/customers?platformCustomerId=a%00b");
    expect(list.status).toBe(400);
    expect(list.body.details.errors.map((e: { field: string }) => e.field)).toContain("platformCustomerId");
    const sur = await call("GET", "/customers?platformCustomerId=%ED%A0%80x");
    // An encoded lone surrogate is not valid UTF-8: refused as a malformed parameter or decoded to U+FFFD, never a 5xx.
    expect(sur.status).toBeLessThan(500);
    const path = await call("GET", "/customers/Customer%3Aab%00cd");
    expect(path.status).toBe(400);
    expect(path.body.details.errors[0].field).toBe("customerId");
  });

  it("an `RSC: 1` request header gets the API's answer, not a redirect", async () => {
    const r = await fetch(`${server.url}/api/2025-10-13/config`, {
      headers: { authorization: auth, RSC: "1" },
      redirect: "manual",
    });
    expect(r.status).toBe(200);
    expect((await r.json()).environment).toBe("SANDBOX");
  });

  it("amounts and balances stop at 2^53 − 1: the funding that would pass it is refused and nothing is written", async () => {
    const c = await call("POST", "/customers", {
      body: { customerType: "INDIVIDUAL", fullName: "Big Balance", currencies: ["USD"] },
    });
    expect(c.status).toBe(201);
    const accounts = await call("GET", `/customers/internal-accounts?customerId=${encodeURIComponent(c.body.id)}`);
    const usd = accounts.body.data.find((a: any) => a.balance.currency.code === "USD").id;
    const statuses: number[] = [];
    let refusal: any;
    for (let i = 0; i < 10; i++) {
      const r = await call("POST", `/sandbox/internal-accounts/${usd}/fund`, { body: { amount: 1e15 } });
      statuses.push(r.status);
      if (r.status !== 200) refusal = r.body;
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 400]);
    expect(refusal).toMatchObject({
      code: "INVALID_INPUT",
      details: { errors: [{ field: "amount", constraint: { maximum: Number.MAX_SAFE_INTEGER } }] },
    });
    const acct = await call("GET", `/internal-accounts/${usd}`);
    expect(acct.status).toBe(200);
    expect(acct.body.balance.amount).toBe(9e15);
    const txs = await call("GET", `/transactions?accountId=${encodeURIComponent(usd)}&limit=100`);
    expect(txs.body.data.length).toBe(9);
    // Limits are amounts too.
    const lim = await call("PATCH", "/config", { body: { limits: { transactionSizeLimitUsdCents: 2 ** 53 } } });
    expect(lim.status).toBe(400);
  });
});

async function waitForLog(
  mark: number,
  pred: (l: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const hit = logLinesSince(mark).find(pred);
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`no such log line in:\n${server.logs().slice(mark)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
