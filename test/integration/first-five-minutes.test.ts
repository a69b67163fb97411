/**
 * A newcomer's first minutes, over HTTP against the built app: the console's "Get started" list ticks from the
 * platform's live state and, once hidden, stays hidden for the platform (every session); sample data fills a sandbox
 * platform through the API (the script and the console action), a second run adds nothing, and a production
 * platform is refused.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { baseUrl, call, newCustomer, newPlatform, type TestPlatform } from "../support/api";
import { ROOT } from "../support/server";

async function post(p: string, cookie?: string) {
  return fetch(`${baseUrl()}${p}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: "",
  });
}

async function signIn(p: TestPlatform): Promise<string> {
  const r = await fetch(`${baseUrl()}/console/session`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ clientId: p.clientId, clientSecret: p.clientSecret }).toString(),
  });
  expect(r.status).toBe(303);
  return r.headers.get("set-cookie")!.split(";")[0];
}

const overview = async (cookie: string) =>
  (await fetch(`${baseUrl()}/console`, { headers: { cookie, "accept-language": "en" } })).text();
const msg = (r: Response) => new URL(r.headers.get("location")!, baseUrl()).searchParams.get("msg") ?? "";
/** The Get started steps on the page: key → done. */
const steps = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/data-testid="get-started-step" data-step="(\w+)" data-done="(true|false)"/g)].map((m) => [
      m[1],
      m[2] === "true",
    ]),
  );

describe("the console's Get started list", () => {
  it("ticks from live state, and a dismissal holds for the platform across sessions", async () => {
    const p = await newPlatform();
    const cookie = await signIn(p);
    expect(steps(await overview(cookie))).toEqual({
      webhook: false,
      customer: false,
      externalAccount: false,
      payment: false,
      delivered: false,
      token: false,
    });
    await newCustomer(p);
    const token = await call("POST", "/tokens", { auth: p.auth, body: { name: "first", permissions: ["VIEW"] } });
    expect(token.status).toBe(201);
    const after = steps(await overview(cookie));
    expect(after).toMatchObject({ customer: true, token: true, payment: false, webhook: false });

    const other = await newPlatform();
    const dismissed = await post("/console/get-started/dismiss", cookie);
    expect(dismissed.status).toBe(303);
    expect(msg(dismissed)).toContain("hidden");
    expect(steps(await overview(cookie))).toEqual({});
    // Another session of the same platform: still hidden (kept in the database, not the session).
    expect(steps(await overview(await signIn(p)))).toEqual({});
    // Another platform's list is its own.
    expect(Object.keys(steps(await overview(await signIn(other))))).toHaveLength(6);
  });
});

describe("sample data", () => {
  it("fills a sandbox platform through the API, once: the script, then the console action adds nothing", async () => {
    const p = await newPlatform();
    // Run asynchronously: a blocked event loop would let the server close this process's idle keep-alive sockets
    // unnoticed, and the next request would go out on a dead one.
    const run = await promisify(execFile)(
      path.join(ROOT, "node_modules/.bin/tsx"),
      [
        "scripts/platform.ts",
        "sample-data",
        "--url",
        baseUrl(),
        "--client-id",
        p.clientId,
        "--client-secret",
        p.clientSecret,
      ],
      { cwd: ROOT, encoding: "utf8" },
    );
    expect(run.stdout).toContain("Sample data added");

    const customers = await call("GET", "/customers?limit=100", { auth: p.auth });
    const kyc = Object.fromEntries(customers.body.data.map((c: any) => [c.platformCustomerId, c.kycStatus]));
    expect(kyc).toEqual({
      "sample-approved": "APPROVED",
      "sample-pending": "PENDING",
      "sample-rejected": "REJECTED",
      "sample-unverified": "UNVERIFIED",
    });
    const ada = customers.body.data.find((c: any) => c.platformCustomerId === "sample-approved").id;
    const txs = (await call("GET", `/transactions?customerId=${ada}&limit=100`, { auth: p.auth })).body;
    const statuses = txs.data.map((t: any) => t.status);
    expect(statuses).toEqual(expect.arrayContaining(["COMPLETED", "FAILED", "PENDING"]));
    expect(txs.data.filter((t: any) => t.pendingAgentActionId)).toHaveLength(1);
    const ext = (await call("GET", `/customers/external-accounts?customerId=${ada}`, { auth: p.auth })).body;
    expect(ext.data).toHaveLength(2);
    const cards = (await call("GET", "/cards", { auth: p.auth })).body;
    expect(cards.data).toHaveLength(1);
    const cardTxs = (await call("GET", `/transactions?cardId=${cards.data[0].id}`, { auth: p.auth })).body;
    expect(cardTxs.data.map((t: any) => t.status).sort()).toEqual(["AUTHORIZED", "SETTLED"]);
    const approvals = (await call("GET", "/agents/approvals", { auth: p.auth })).body;
    expect(approvals.data).toHaveLength(1);

    // Again, from the console: nothing added, every count as it was.
    const cookie = await signIn(p);
    expect(await overview(cookie)).toContain("Sample data");
    const again = await post("/console/sample-data", cookie);
    expect(again.status).toBe(303);
    expect(msg(again)).toBe("The sample data is already there: nothing was added.");
    const counts = async () =>
      Promise.all(
        [
          "/customers",
          `/transactions?customerId=${ada}`,
          `/transactions?cardId=${cards.data[0].id}`,
          "/cards",
          "/agents",
          `/customers/external-accounts?customerId=${ada}`,
        ].map(async (u) => (await call("GET", u, { auth: p.auth })).body.totalCount),
      );
    expect(await counts()).toEqual([4, txs.totalCount, 2, 1, 1, 2]);
    const balance = (await call("GET", `/customers/internal-accounts?customerId=${ada}&currency=USD`, { auth: p.auth }))
      .body.data[0].balance.amount;
    await post("/console/sample-data", cookie);
    expect(await counts()).toEqual([4, txs.totalCount, 2, 1, 1, 2]);
    expect(
      (await call("GET", `/customers/internal-accounts?customerId=${ada}&currency=USD`, { auth: p.auth })).body.data[0]
        .balance.amount,
    ).toBe(balance);
  });

  it("is refused on a production platform, with a sentence, and creates nothing", async () => {
    const p = await newPlatform({ environment: "PRODUCTION" });
    const cookie = await signIn(p);
    expect(await overview(cookie)).not.toContain('action="/console/sample-data"');
    const r = await post("/console/sample-data", cookie);
    expect(msg(r)).toBe("Sample data is for sandbox platforms only: this platform is in production.");
    expect((await call("GET", "/customers", { auth: p.auth })).body.totalCount).toBe(0);
  });
});
