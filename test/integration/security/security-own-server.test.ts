/**
 * The security review's findings that need a server of their own: A13 (the failed-authentication throttle keyed on client id and
 * source, X-Forwarded-For believed only from TRUSTED_PROXIES) with the default limits, and A19's demo secret (printed
 * to an interactive terminal only, so never into a log).
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { newPlatform } from "../../support/api";
import { waitFor } from "../../support/webhook-receiver";
import { startServer, tempDir, type RunningServer } from "../../support/server";

let server: RunningServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = tempDir("security-own-");
  server = await startServer({
    DATABASE_URL: inject("databaseUrl"),
    KEY_ENCRYPTION_KEY: inject("keyEncryptionKey"),
    DEMO_PLATFORM: "on",
    DATA_DIR: dataDir,
    WEBHOOK_WORKER: "off",
    LOG_LEVEL: "info",
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

/** GET /config from a chosen local address (127.0.0.x are all this machine's loopback). */
function getConfig(auth: string, from: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: server.port,
        path: "/api/2025-10-13/config",
        localAddress: from,
        headers: { authorization: auth, ...headers },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("A13: nobody locks a platform out by knowing its client id", () => {
  it("22 wrong secrets with rotated X-Forwarded-For throttle that source only; the platform from elsewhere still gets in", async () => {
    const victim = await newPlatform();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push(
        await getConfig(basic(victim.clientId, `wrong-${i}`), "127.0.0.1", { "x-forwarded-for": `203.0.113.${i}` }),
      );
    // The forwarded addresses are not believed (no TRUSTED_PROXIES): one source, throttled after 20.
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual([429, 429]);
    expect(
      await getConfig(basic(victim.clientId, victim.clientSecret), "127.0.0.1", { "x-forwarded-for": "198.51.100.9" }),
    ).toBe(429);
    // The platform itself, from its own address: not locked out.
    expect(await getConfig(basic(victim.clientId, victim.clientSecret), "127.0.0.2")).toBe(200);
  });
});

/** Sign in to the example wallet (the integrator's "demo customer" provider, sandbox only); the next-auth cookie. */
async function walletSignIn(email: string): Promise<string> {
  const csrf = await fetch(`${server.url}/integrator/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookies = csrf.headers.getSetCookie().map((c) => c.split(";")[0]);
  const r = await fetch(`${server.url}/integrator/api/auth/callback/demo`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.join("; ") },
    body: new URLSearchParams({ csrfToken, email, name: email, json: "true" }).toString(),
  });
  const session = r.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("next-auth.session-token="));
  if (!session) throw new Error(`wallet sign-in failed: ${r.status}`);
  return session;
}

describe("A8: the example wallet checks ownership on every leg, Request-Id or not", () => {
  it("another user's quote, session and credential ids are refused before the service is asked", async () => {
    const cookie = await walletSignIn(`mallory-${Date.now()}@example.com`);
    // Ids of someone else's objects (any ids that are not this user's): the retry leg carries a Request-Id.
    const uuid = () => crypto.randomUUID();
    const legs: [string, string, string, string][] = [
      ["POST", `/quotes/Quote:${uuid()}/execute`, "QUOTE_NOT_FOUND", '"route":"/quotes/{quoteId}/execute"'],
      ["DELETE", `/sessions/Session:${uuid()}`, "SESSION_NOT_FOUND", '"route":"/auth/sessions/{id}"'],
      ["POST", `/sessions/Session:${uuid()}/refresh`, "SESSION_NOT_FOUND", '"route":"/auth/sessions/{id}/refresh"'],
      ["DELETE", `/credentials/AuthMethod:${uuid()}`, "CREDENTIAL_NOT_FOUND", '"route":"/auth/credentials/{id}"'],
    ];
    for (const [method, path, code, serviceRoute] of legs) {
      const before = server.logs().split(serviceRoute).length;
      const r = await fetch(`${server.url}/integrator/api/wallet${path}`, {
        method,
        headers: {
          cookie,
          "content-type": "application/json",
          "request-id": uuid(),
          "service-wallet-signature": "stamp",
        },
        body: method === "POST" ? "{}" : undefined,
      });
      const body = (await r.json()) as { code: string };
      expect([r.status, body.code], path).toEqual([404, code]);
      // The service never saw the operation (its request log has no new line for it).
      expect(server.logs().split(serviceRoute).length, path).toBe(before);
    }
  });
});

describe("A17: the card-reveal page behind the handler edge", () => {
  it("each request gets one log line with its request id, HEAD included", async () => {
    const url = `${server.url}/api/card-reveal/${"A".repeat(43)}`;
    const head = await fetch(url, { method: "HEAD" });
    const get = await fetch(url);
    expect([head.status, get.status]).toEqual([405, 404]);
    for (const r of [head, get]) {
      const id = r.headers.get("request-trace-id");
      const linesOf = () =>
        server
          .logs()
          .split("\n")
          .filter((l) => l.includes(`"requestId":"${id}"`));
      // The server's line reaches this process through its stdout pipe, possibly after the answer: wait for it, then a
      // moment more, so that a second line would be seen too.
      await waitFor("the request's log line", () => linesOf().length > 0, 5_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const lines = linesOf();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('"route":"/card-reveal/{token}"');
      expect(lines[0]).not.toContain("A".repeat(43));
    }
  });
});

describe("A19: the demo platform's secret stays out of the log", () => {
  it("stdout is not a terminal: the start-up banner names the file that keeps the secret, never the secret", async () => {
    const file = path.join(dataDir, "demo-platform.json");
    for (let i = 0; i < 100 && !server.logs().includes("client id:"); i++) await new Promise((r) => setTimeout(r, 100));
    const demo = JSON.parse(fs.readFileSync(file, "utf8"));
    expect(server.logs()).toContain(demo.clientId);
    expect(server.logs()).toContain(file);
    expect(server.logs()).not.toContain(demo.clientSecret);
  });
});
