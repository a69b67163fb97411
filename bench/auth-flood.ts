/**
 * npm run bench:auth-flood — see bench/README.md "Failed BasicAuth flood".
 *
 * One `next start` on a fresh PostgreSQL database (LOG_LEVEL=debug, so that its log says each time a secret
 * hash is computed). A legitimate client (source 198.51.100.7) calls GET /config with the right credentials
 * at LEGIT_CONNECTIONS connections; its p99 is measured quiet, then while an attacker (source 127.1.2.66)
 * sends FLOOD_RATE bad logins per second (default 41, a flood that once saturated a 2-core host) with a fresh client id per request. Then the same flood
 * against a second server whose limits are lifted (what the service did before the throttle). Each phase
 * lasts BENCH_SECONDS (default 60: one throttle window).
 * Prints per phase: legitimate p50/p99 and requests/s, attacker requests/s and its 401/429 split, and the
 * secret hashes the server computed.
 */
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { closeDb } from "@/db/client";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { buildApp, createTestDatabase, startServer, type RunningServer } from "../test/support/server";
import { median } from "./bench-kit";
import { recordFigures } from "./figures";

// A phase lasts one throttle window, so that a flood phase holds a whole window's hashes and its 429s.
const DURATION = Number(process.env.BENCH_SECONDS || 60);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 2);
const LEGIT_CONNECTIONS = Number(process.env.LEGIT_CONNECTIONS || 4);
const FLOOD_CONNECTIONS = Number(process.env.FLOOD_CONNECTIONS || 16);
// 41 bad logins per second: enough to saturate a 2-core host without the throttle. FLOOD_RATE=0 floods as fast as the server answers.
const FLOOD_RATE = Number(process.env.FLOOD_RATE ?? 41);

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
const hashes = (s: RunningServer) =>
  s
    .logs()
    .split("\n")
    .filter((l) => l.includes('"msg":"platform secret hash computed"')).length;

function legit(url: string, auth: string, duration = DURATION) {
  return autocannon({
    url: `${url}/api/2025-10-13/config`,
    connections: LEGIT_CONNECTIONS,
    duration,
    headers: { authorization: auth, "x-forwarded-for": "198.51.100.7" },
  });
}

function flood(url: string) {
  return autocannon({
    url: `${url}/api/2025-10-13/config`,
    connections: FLOOD_CONNECTIONS,
    duration: DURATION,
    ...(FLOOD_RATE > 0 ? { overallRate: FLOOD_RATE } : {}),
    requests: [
      {
        setupRequest: (req: { headers?: Record<string, string> }) => {
          // FLOOD_BASELINE=1: the same rate of requests that carry no credentials at all (401 before any database or
          // hash work): what merely serving 41 extra requests/s costs the legitimate client on this machine.
          req.headers =
            process.env.FLOOD_BASELINE === "1"
              ? { "x-forwarded-for": "127.1.2.66" }
              : {
                  authorization: basic(`client_${randomBytes(6).toString("hex")}`, "guess"),
                  "x-forwarded-for": "127.1.2.66",
                };
          return req;
        },
      },
    ],
  });
}

interface Phase {
  phase: string;
  legitP50: number;
  legitP99: number;
  legitRps: number;
  legitNon2xx: number;
  floodRps?: number;
  flood401?: number;
  flood429?: number;
  hashes: number;
}

async function phase(name: string, server: RunningServer, auth: string, withFlood: boolean): Promise<Phase> {
  const before = hashes(server);
  const [l, f] = await Promise.all([
    legit(server.url, auth),
    withFlood ? flood(server.url) : Promise.resolve(undefined),
  ]);
  const out: Phase = {
    phase: name,
    legitP50: l.latency.p50,
    legitP99: l.latency.p99,
    legitRps: Math.round(l.requests.average),
    legitNon2xx: l.non2xx,
    hashes: hashes(server) - before,
  };
  if (f) {
    out.floodRps = Math.round(f.requests.average);
    out.flood401 = f["4xx"] - (f.statusCodeStats?.["429"]?.count ?? 0);
    out.flood429 = f.statusCodeStats?.["429"]?.count ?? 0;
  }
  return out;
}

async function main() {
  buildApp();
  const db = await createTestDatabase("bench_auth", { durable: true });
  const servers: RunningServer[] = [];
  try {
    process.env.DATABASE_URL = db.url;
    const platform = await createPlatform({ name: "Bench platform", environment: "SANDBOX" }); // also runs the migrations
    await closeDb();
    const auth = basic(platform.clientId, platform.clientSecret);
    const common = {
      DATABASE_URL: db.url,
      DEMO_PLATFORM: "off",
      LOG_LEVEL: "debug",
      WEBHOOK_WORKER: "off",
      KEY_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    };
    const throttled = await startServer(common);
    servers.push(throttled);
    const unthrottled = await startServer({
      ...common,
      AUTH_FAILURES_PER_SOURCE: "1000000",
      AUTH_FAILURES_PER_CLIENT_ID: "1000000",
    });
    servers.push(unthrottled);
    for (const s of servers) await legit(s.url, auth, 5); // warm-up (JIT, memo, pool)

    const results: Phase[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      results.push(await phase(`quiet #${round}`, throttled, auth, false));
      results.push(await phase(`flood, throttled #${round}`, throttled, auth, true));
    }
    results.push(await phase("flood, limits lifted", unthrottled, auth, true));
    console.table(results);
    const quiet = median(results.filter((r) => r.phase.startsWith("quiet")).map((r) => r.legitP99));
    const flooded = median(results.filter((r) => r.phase.startsWith("flood, throttled")).map((r) => r.legitP99));
    const lifted = results[results.length - 1].legitP99;
    console.log(
      `legitimate p99 (median of ${ROUNDS}): quiet ${quiet} ms, flood throttled ${flooded} ms (${Math.round((flooded / quiet - 1) * 100)}%), ` +
        `flood with limits lifted ${lifted} ms; goal: throttled within 20% of quiet → ${flooded <= quiet * 1.2 ? "met" : "missed"}`,
    );
    recordFigures("auth-flood", [
      { name: "legitimate p99, quiet", value: quiet, unit: "ms" },
      {
        name: "legitimate p99 during the flood (throttled)",
        value: flooded,
        unit: "ms",
        target: "≤ 1.2 × quiet",
        met: flooded <= quiet * 1.2,
      },
      { name: "legitimate p99 during the flood, limits lifted", value: lifted, unit: "ms" },
    ]);
  } finally {
    for (const s of servers) await s.stop();
    await db.drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
