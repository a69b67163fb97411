/**
 * A newcomer's first minutes, over HTTP against the built app: README's "Your first five minutes" shell steps run as
 * written (twice) to a completed payment; the console's "Get started" list ticks from the platform's live state and,
 * once hidden, stays hidden for the platform (every session); sample data fills a sandbox platform through the API
 * (the script and the console action), a second run adds nothing, a production platform is refused, and the script
 * names the address it tried when no server answers there.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { baseUrl, call, newCustomer, newPlatform, type TestPlatform } from "../../support/api";
import { freePort, ROOT } from "../../support/server";

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

/**
 * The shell blocks of README's "Your first five minutes", but the long-running webhook receiver (`node -e`), as one
 * script: what a newcomer pastes into the second terminal.
 */
function readmeSteps(): string {
  const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
  const start = readme.indexOf("## Your first five minutes");
  // The section ends where the next one begins.
  const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
  const blocks = [...section.matchAll(/^ *```sh\n([\s\S]*?)^ *```/gm)].map((m) => m[1].replace(/^ {3}/gm, ""));
  return blocks.filter((b) => !b.startsWith("node -e")).join("\n");
}

describe("README's first five minutes", () => {
  it("run as written, in the folder npm start made, to a completed payment, and again", async () => {
    const p = await newPlatform({ name: "README steps" });
    // The folder `npm start` leaves: the demo platform's credentials in .data/demo-platform.json.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "readme-steps-"));
    fs.mkdirSync(path.join(dir, ".data"));
    const demo = { id: p.id, clientId: p.clientId, clientSecret: p.clientSecret };
    fs.writeFileSync(path.join(dir, ".data/demo-platform.json"), JSON.stringify(demo));
    const script = `set -eu\n${readmeSteps()}\necho "config: $(curl -s -u "$A" $B/config | jq -r .name)"\n`;
    try {
      for (let run = 0; run < 2; run++) {
        const { stdout } = await promisify(execFile)("bash", ["-c", script], {
          cwd: dir,
          encoding: "utf8",
          env: { ...process.env, PORT: new URL(baseUrl()).port },
        });
        expect(stdout).toMatch(/^\["COMPLETED","Transaction:[0-9a-f-]+"\]$/m);
        expect(stdout).toContain("config: README steps");
      }
      const customers = (await call("GET", "/customers", { auth: p.auth })).body;
      expect(customers.data.map((c: any) => [c.fullName, c.kycStatus])).toEqual([
        ["Jane Doe", "APPROVED"],
        ["Jane Doe", "APPROVED"],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

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

describe("the console's test event", () => {
  it("to an endpoint where no server listens: says so, and what to do next", async () => {
    const p = await newPlatform();
    const hooks = `http://127.0.0.1:${await freePort()}/hooks`;
    expect((await call("PATCH", "/config", { auth: p.auth, body: { webhookEndpoint: hooks } })).status).toBe(200);
    const r = await post("/console/webhooks/test", await signIn(p));
    expect(r.status).toBe(303);
    expect(msg(r)).toBe(
      "Your endpoint could not be reached: no answer came back. Check that a server is listening at that address " +
        "(start it, or correct the address), then send the test event again.",
    );
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

  it("names the address it tried, and the ways on, when no server answers there", async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const args = ["scripts/platform.ts", "sample-data", "--url", url, "--client-id", "x", "--client-secret", "y"];
    const failed = await promisify(execFile)(path.join(ROOT, "node_modules/.bin/tsx"), args, {
      cwd: ROOT,
      encoding: "utf8",
    }).catch((e: { code: number; stderr: string }) => e);
    expect("code" in failed && failed.code).toBe(1);
    expect("stderr" in failed && failed.stderr).toContain(
      `Sample data not added: no server answered at ${url} (ECONNREFUSED): start it with npm start, or name the running one with --url`,
    );
  });
});
