/**
 * The embedded database's one owner (lib/shared/embedded-owner.ts), on a real PGlite and a real
 * postgres.js client over the owner's Unix socket: the owner file is claimed once and taken over from a dead
 * process; a client's transaction never interleaves with the owner's own statements; a client that disconnects
 * mid-transaction is rolled back.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimOwnership, liveOwner, ownerFilePath, serveEmbedded } from "@/lib/shared/embedded-owner";

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "owner-"));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe("owner file", () => {
  it("is claimed once: a second claim names the live owner", () => {
    const dir = tmp();
    const first = claimOwnership(dir);
    expect(first.owned).toBe(true);
    // The same process asking again is a second opener too (another PGlite in this process would lose writes).
    const again = claimOwnership(dir);
    expect(again).toMatchObject({ owned: false, owner: { pid: process.pid } });
    if (first.owned) first.release();
    expect(fs.existsSync(ownerFilePath(dir))).toBe(false);
    const third = claimOwnership(dir);
    expect(third.owned).toBe(true);
    if (third.owned) third.release();
  });

  it("a dead owner's file (kill -9) is taken over", () => {
    const dir = tmp();
    // A pid that existed and is gone: a child that has exited.
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    fs.writeFileSync(
      ownerFilePath(dir),
      JSON.stringify({ pid: dead, host: os.hostname(), command: "next start", startedAt: "x", socket: "/nope" }),
    );
    expect(liveOwner(dir)).toBeUndefined();
    const c = claimOwnership(dir);
    expect(c.owned).toBe(true);
    if (c.owned) {
      expect(JSON.parse(fs.readFileSync(ownerFilePath(dir), "utf8")).pid).toBe(process.pid);
      c.release();
    }
  });
});

describe("the owner's socket", () => {
  let db: PGlite;
  let stop: () => Promise<void>;
  let socket: string;

  beforeAll(async () => {
    db = new PGlite();
    await db.waitReady;
    await db.exec("create table t (id int primary key, who text)");
    socket = path.join(tmp(), "pglite.sock");
    stop = await serveEmbedded(db, socket);
  }, 60_000);
  afterAll(async () => {
    await stop?.();
    await db?.close();
  });

  const client = () => postgres({ path: socket, max: 1, prepare: false, onnotice: () => {} });

  it("only its user may open it", () => {
    expect(fs.statSync(socket).mode & 0o777).toBe(0o600);
  });

  it("a client's transaction holds the database: the owner's statements wait for its commit, never land inside it", async () => {
    const sql = client();
    let ownerSaw: number | undefined;
    let ownerDone = false;
    await sql.begin(async (tx) => {
      await tx`insert into t values (1, 'client')`;
      // The owner's statement is queued behind the client's open transaction…
      const owner = db.query<{ c: number }>("select count(*)::int as c from t").then((r) => {
        ownerSaw = r.rows[0].c;
        ownerDone = true;
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(ownerDone).toBe(false);
      await tx`insert into t values (2, 'client')`;
      // …and runs after the commit (awaited below, outside the callback).
      void owner;
    });
    await expect.poll(() => ownerDone).toBe(true);
    expect(ownerSaw).toBe(2);
    await sql.end();
  });

  it("the owner's transaction is not entered by a client's statement", async () => {
    const sql = client();
    let clientSaw: string[] | undefined;
    await db.transaction(async (tx) => {
      await tx.query("insert into t values (3, 'owner')");
      const pending = sql`select who from t where id = 3`.then((rows) => {
        clientSaw = rows.map((r) => r.who as string);
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(clientSaw).toBeUndefined();
      await tx.query("update t set who = 'owner, committed' where id = 3");
      void pending;
    });
    await expect.poll(() => clientSaw).toEqual(["owner, committed"]);
    await sql.end();
  });

  it("a client that disconnects inside a transaction is rolled back and lets go of the database", async () => {
    const sql = client();
    const killed = sql
      .begin(async (tx) => {
        await tx`insert into t values (4, 'never')`;
        // The connection goes away mid-transaction.
        await sql.end({ timeout: 0 });
        await tx`select 1`;
      })
      .catch(() => "gone");
    expect(await killed).toBe("gone");
    const rows = await db.query<{ id: number }>("select id from t where id = 4");
    expect(rows.rows).toEqual([]);
    expect(db.isInTransaction()).toBe(false);
    // Named statements are refused by nobody, but a second client still gets a working session.
    const again = client();
    expect((await again`select count(*)::int as c from t`)[0].c).toBe(3);
    await again.end();
  });
});
