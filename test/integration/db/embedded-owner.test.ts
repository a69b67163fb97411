/**
 * The embedded database (PGlite under DATA_DIR) has one owner. With `next start` running on it,
 * `npm run platform -- create` and `npm run db:migrate` work through the running server, a second server on the same
 * DATA_DIR stops at once naming the owner, and after a restart every acknowledged write is there: the CLI's
 * platforms and the customers the API created while the CLI ran. Prints the count of acknowledged writes lost.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, startServer, tempDir, type RunningServer } from "../../support/server";

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

describe("embedded database: one owner", () => {
  let server: RunningServer;
  let dataDir: string;
  const env = () => ({ DATABASE_URL: undefined, DATA_DIR: dataDir, DEMO_PLATFORM: "auto" });
  // Every write the service acknowledged: platforms the CLI printed, customers the API answered 201 for.
  const platforms: { clientId: string; clientSecret: string; name: string }[] = [];
  const customers: { auth: string; id: string }[] = [];

  const tool = (args: string[]) =>
    spawnSync(path.join(ROOT, "node_modules/.bin/tsx"), args, {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: undefined, DATA_DIR: dataDir },
      encoding: "utf8",
      timeout: 120_000,
    });

  const createCustomer = async (auth: string, name: string) => {
    const go = () =>
      fetch(`${server.url}/api/2025-10-13/customers`, {
        method: "POST",
        headers: { authorization: auth, "content-type": "application/json" },
        body: JSON.stringify({ customerType: "INDIVIDUAL", fullName: name, email: `${name}@example.com` }),
      });
    // A kept-alive connection the server closed as idle (5 s) just as it was reused: not an answer, sent again on a
    // fresh connection (the request never reached the service).
    const r = await go().catch((e) =>
      String(e?.cause ?? "").includes("other side closed") ? go() : Promise.reject(e),
    );
    expect(r.status).toBe(201);
    const id = (await r.json()).id as string;
    customers.push({ auth, id });
    return id;
  };

  beforeAll(async () => {
    dataDir = tempDir("embedded-owner-");
    server = await startServer(env());
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("the running server owns DATA_DIR: its owner file names its process", () => {
    const owner = JSON.parse(fs.readFileSync(path.join(dataDir, "pglite.owner.json"), "utf8"));
    expect(owner).toMatchObject({ pid: server.proc.pid, command: expect.stringContaining("next start") });
    expect(fs.statSync(owner.socket).mode & 0o777).toBe(0o600);
  });

  it("npm run platform -- create works through the running server, which sees the platform at once", async () => {
    const demo = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-platform.json"), "utf8"));
    const demoAuth = basic(demo.clientId, demo.clientSecret);
    for (let i = 0; i < 3; i++) {
      // API writes while the CLI writes: both kinds must survive the restart below.
      const during = createCustomer(demoAuth, `during${i}`);
      const r = tool(["scripts/platform.ts", "create", "--name", `CLI ${i}`, "--sandbox"]);
      expect(r.status, r.stderr).toBe(0);
      const p = JSON.parse(r.stdout);
      platforms.push({ clientId: p.clientId, clientSecret: p.clientSecret, name: `CLI ${i}` });
      await during;
      const cfg = await fetch(`${server.url}/api/2025-10-13/config`, {
        headers: { authorization: basic(p.clientId, p.clientSecret) },
      });
      expect(cfg.status).toBe(200);
      await createCustomer(basic(p.clientId, p.clientSecret), `after${i}`);
    }
  }, 300_000);

  it("npm run db:migrate works through the running server", () => {
    const r = tool(["scripts/migrate.ts"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("migrations applied");
  }, 120_000);

  it("a second server on the same DATA_DIR stops at once, naming the process that holds it", async () => {
    const refused = await startServer(env()).then(
      async (s) => {
        await s.stop();
        return "";
      },
      (e: Error) => e.message,
    );
    expect(refused).toMatch(new RegExp(`in use by process ${server.proc.pid} \\(next start`));
    // `npm start` refuses before building over the running server's build.
    const start = spawnSync(process.execPath, ["scripts/run.mjs", "start"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: undefined, DATA_DIR: dataDir },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(start.status).toBe(1);
    expect(start.stderr).toContain(`in use by process ${server.proc.pid}`);
    // The owner was not disturbed.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 120_000);

  it("after a restart every acknowledged write is there (0 lost); an owner file left by a killed process does not block it", async () => {
    await server.stop();
    const file = path.join(dataDir, "pglite.owner.json");
    expect(fs.existsSync(file)).toBe(false);
    // What kill -9 leaves behind: the owner file of a process that is gone.
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    fs.writeFileSync(
      file,
      JSON.stringify({
        pid: dead,
        host: os.hostname(),
        command: "next start",
        startedAt: "2026-01-01T00:00:00.000Z",
        socket: path.join(dataDir, "pglite.sock"),
      }),
    );
    server = await startServer(env());
    expect(JSON.parse(fs.readFileSync(file, "utf8")).pid).toBe(server.proc.pid);
    let lost = 0;
    for (const p of platforms) {
      const r = await fetch(`${server.url}/api/2025-10-13/config`, {
        headers: { authorization: basic(p.clientId, p.clientSecret) },
      });
      if (r.status !== 200) lost++;
    }
    for (const c of customers) {
      const r = await fetch(`${server.url}/api/2025-10-13/customers/${encodeURIComponent(c.id)}`, {
        headers: { authorization: c.auth },
      });
      if (r.status !== 200) lost++;
    }
    console.log(
      `embedded owner: ${platforms.length + customers.length} acknowledged writes (${platforms.length} CLI platforms, ${customers.length} API customers), ${lost} lost after restart`,
    );
    expect(lost).toBe(0);
    expect(platforms.length + customers.length).toBe(9);
  }, 120_000);
});
