/**
 * No request header names a host: the console's service address, the links the service hands out and the cookie's
 * Secure flag come from configuration, never from Host or X-Forwarded-*. Throttles are keyed by the browser, not by
 * the console's own address; the console's KYC link reaches its page through a one-time code, never in a cookie.
 * A server of its own (its own database), so that its failed sign-ins count against nobody else's; a sandbox one
 * (the demo platform, no PUBLIC_URL), whose links default to this server on loopback by PORT.
 */
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { startOwnServer, type OwnServer } from "../../support/own-server";
import { createTestDatabase, startServer, tempDir } from "../../support/server";

let own: OwnServer;
let dataDir: string;
/** A listener on another loopback port: whatever reaches it was sent where a request header pointed. */
let fake: http.Server;
let fakePort: number;
const seen: { method?: string; url?: string; authorization?: string }[] = [];

beforeAll(async () => {
  dataDir = tempDir("hosts-");
  own = await startOwnServer("hosts", { DEMO_PLATFORM: "on", PUBLIC_URL: undefined, DATA_DIR: dataDir });
  fake = http.createServer((req, res) => {
    seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization });
    req.resume();
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  fakePort = (fake.address() as net.AddressInfo).port;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => fake?.close(resolve));
  await own?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request with headers fetch would not send as given (Host), from a chosen loopback address. */
function raw(
  method: string,
  path: string,
  opts: { headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: own.server.port,
        method,
        path,
        localAddress: opts.from,
        headers: {
          ...(opts.body !== undefined ? { "content-length": Buffer.byteLength(opts.body) } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}

const form = (f: Record<string, string>) => new URLSearchParams(f).toString();
const FORM = { "content-type": "application/x-www-form-urlencoded" };

function signIn(
  clientId: string,
  clientSecret: string,
  opts: { headers?: Record<string, string>; from?: string } = {},
) {
  return raw("POST", "/console/session", {
    headers: { ...FORM, ...opts.headers },
    body: form({ clientId, clientSecret }),
    from: opts.from,
  });
}

const cookieOf = (a: RawAnswer, name: string) =>
  ([] as string[])
    .concat(a.headers["set-cookie"] ?? [])
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];

async function platform() {
  const p = await createPlatform({
    name: `hosts ${Math.random().toString(36).slice(2, 8)}`,
    environment: "SANDBOX",
    settings: { skipVerificationPaperwork: true },
  });
  return { ...p, auth: `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString("base64")}` };
}

async function customer(auth: string): Promise<string> {
  const r = await fetch(`${own.server.url}/api/2025-10-13/customers`, {
    method: "POST",
    headers: { authorization: auth, "content-type": "application/json" },
    body: JSON.stringify({
      customerType: "INDIVIDUAL",
      fullName: "Test User",
      email: `h${Date.now()}${Math.random().toString(36).slice(2, 7)}@example.com`,
    }),
  });
  expect(r.status).toBe(201);
  return ((await r.json()) as { id: string }).id;
}

describe("no request header names a host", () => {
  it("the console sends the operator's credentials to its configured service only, whatever Host says", async () => {
    const p = await platform();
    seen.length = 0;
    for (const host of [`127.0.0.1:${fakePort}`, `127.0.0.1:${fakePort}/injected?x=`, `localhost.:${fakePort}`]) {
      const r = await signIn(p.clientId, p.clientSecret, { headers: { host, "x-forwarded-host": host } });
      expect([r.status, r.headers.location], host).toEqual([303, "/console"]);
      const cookie = cookieOf(r, "console_session");
      expect(cookie, host).toBeTruthy();
      const page = await raw("GET", "/console/customers", { headers: { host, cookie: cookie! } });
      expect(page.status, host).toBe(200);
    }
    expect(seen).toEqual([]);
  });

  it("the links the service hands out carry its configured origin, not the request's Host or X-Forwarded-Host", async () => {
    const p = await platform();
    const id = await customer(p.auth);
    const variants: Record<string, string>[] = [
      { host: `127.0.0.1:${fakePort}` },
      { "x-forwarded-host": `127.0.0.1:${fakePort}` },
    ];
    for (const headers of variants) {
      const r = await raw("POST", `/api/2025-10-13/customers/${encodeURIComponent(id)}/kyc-link`, {
        headers: { authorization: p.auth, "content-type": "application/json", ...headers },
        body: "{}",
      });
      expect(r.status, r.body).toBe(201);
      expect(new URL(JSON.parse(r.body).kycUrl).origin).toBe(own.server.url);
    }
  });

  it("a production deployment without PUBLIC_URL does not start, and says which variable is missing", async () => {
    const db = await createTestDatabase("hostsprod");
    try {
      const started = startServer({ DATABASE_URL: db.url, DEMO_PLATFORM: "off", PUBLIC_URL: undefined });
      await expect(started).rejects.toThrow(/PUBLIC_URL: required in production/);
    } finally {
      await db.drop();
    }
  }, 90_000);
});

describe("throttles are keyed by who, not by the console's address", () => {
  it("120 bad console sign-ins from one browser lock out neither another operator nor the same operator elsewhere", async () => {
    const victim = await platform();
    const answers: string[] = [];
    for (let i = 0; i < 120; i++) {
      // Half at made-up client ids, half at the victim's with wrong secrets.
      const clientId = i % 2 ? victim.clientId : `guess-${i}-${Math.random().toString(36).slice(2, 8)}`;
      // Each names a made-up address of its own: not believed, as this server trusts no proxy.
      const r = await signIn(clientId, `wrong-${i}`, {
        from: "127.0.0.2",
        headers: { "x-forwarded-for": `127.9.${i}.1` },
      });
      answers.push(new URL(r.headers.location ?? "", "http://x.invalid").searchParams.get("msg") ?? "");
      expect(cookieOf(r, "console_session")).toBeUndefined();
    }
    // The flood is stopped at the console once the browser's budget is spent.
    expect(answers.at(-1)).toMatch(/Too many sign-in attempts/);
    // Another operator, from another browser: signed in.
    const other = await platform();
    const ok = await signIn(other.clientId, other.clientSecret, { from: "127.0.0.3" });
    expect([ok.headers.location, !!cookieOf(ok, "console_session")]).toEqual(["/console", true]);
    // The victim itself, from its own browser: signed in.
    const mine = await signIn(victim.clientId, victim.clientSecret, { from: "127.0.0.4" });
    expect([mine.headers.location, !!cookieOf(mine, "console_session")]).toEqual(["/console", true]);
  }, 120_000);
});

describe("the console's KYC link hand-off", () => {
  it("the cookie carries a one-time code, redeemed once by the session that made it", async () => {
    const p = await platform();
    const id = await customer(p.auth);
    const session = cookieOf(await signIn(p.clientId, p.clientSecret), "console_session")!;
    const made = await raw("POST", `/console/customers/${encodeURIComponent(id)}/kyc-link`, {
      headers: { ...FORM, cookie: session },
      body: "",
    });
    expect(made.status).toBe(303);
    const setCookie = ([] as string[]).concat(made.headers["set-cookie"] ?? []).join("\n");
    expect(setCookie).not.toContain("/kyc/");
    expect(setCookie).toMatch(/HttpOnly/i);
    const handoff = cookieOf(made, "console_kyc_handoff");
    expect(handoff).toMatch(/^console_kyc_handoff=[A-Za-z0-9_-]{43}$/);
    const page = `/console/customers/${encodeURIComponent(id)}`;
    const linkIn = (body: string) => /data-testid="kyc-link" href="([^"]+)"/.exec(body)?.[1];

    // Another operator's session holding the code sees nothing, and spends it.
    const stranger = await platform();
    const strangerSession = cookieOf(await signIn(stranger.clientId, stranger.clientSecret), "console_session")!;
    const made2 = await raw("POST", `/console/customers/${encodeURIComponent(id)}/kyc-link`, {
      headers: { ...FORM, cookie: session },
      body: "",
    });
    const stolen = cookieOf(made2, "console_kyc_handoff")!;
    // (on a page of theirs, where the section that redeems it is shown)
    const theirPage = `/console/customers/${encodeURIComponent(await customer(stranger.auth))}`;
    const theirs = await raw("GET", theirPage, { headers: { cookie: `${strangerSession}; ${stolen}` } });
    expect(theirs.status).toBe(200);
    expect(theirs.body).toContain('action="/console/customers/');
    expect(linkIn(theirs.body)).toBeUndefined();
    expect(linkIn((await raw("GET", page, { headers: { cookie: `${session}; ${stolen}` } })).body)).toBeUndefined();

    // The operator's own: shown once, at the service's configured origin.
    const first = await raw("GET", page, { headers: { cookie: `${session}; ${handoff}` } });
    expect(first.status).toBe(200);
    const link = linkIn(first.body);
    expect(link).toMatch(new RegExp(`^${own.server.url}/kyc/[A-Za-z0-9_-]{43}$`));
    const again = await raw("GET", page, { headers: { cookie: `${session}; ${handoff}` } });
    expect(linkIn(again.body)).toBeUndefined();
  });
});
