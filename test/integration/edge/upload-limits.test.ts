/**
 * Upload limits and what a refused upload leaves in the log, on a server of its own (its log is read):
 * - A4: stalled CSV uploads hold no database connection and no transaction (the file is read before any), so more
 *   of them than the pool has connections leave every platform served; a platform has at most
 *   BULK_IMPORT_UPLOADS_PER_PLATFORM uploads in progress (429), a client that hangs up frees its slot at once, an
 *   upload that does not arrive in BULK_IMPORT_UPLOAD_SECONDS gets 408; pool connections carry statement and
 *   idle-in-transaction timeouts.
 * - A15: a CSV with a stray quote, random bytes, or a multipart body without its closing boundary answers 400 with an
 *   error code and a line, and nothing of the file reaches the log.
 * - A16: a body over 10 MB posted to a live KYC link answers 413 and the link's token is nowhere in the log.
 */
import { randomBytes } from "node:crypto";
import net from "node:net";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { startOwnServer, type OwnServer } from "../../support/own-server";

const POOL = 4;
const PER_PLATFORM = 2;
const DEADLINE_S = 15;
const HEADER = "umaAddress,platformCustomerId,customerType,fullName";

let own: OwnServer;
const platform = async (name: string) => {
  const p = await createPlatform({ name, environment: "SANDBOX" });
  return { ...p, auth: `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString("base64")}` };
};

beforeAll(async () => {
  own = await startOwnServer("uploads", {
    DATABASE_POOL_SIZE: String(POOL),
    BULK_IMPORT_UPLOADS_PER_PLATFORM: String(PER_PLATFORM),
    BULK_IMPORT_UPLOAD_SECONDS: String(DEADLINE_S),
    BULK_IMPORT_WORKER: "off",
    WEBHOOK_WORKER: "off",
    LOG_LEVEL: "info",
  });
}, 180_000);
afterAll(async () => {
  await own?.stop();
});

/** A raw HTTP request whose multipart body is announced whole but sent only in part: the client then stalls. */
function stalledUpload(auth: string): { socket: net.Socket; answer: Promise<string> } {
  const { port } = own.server;
  const boundary = "----stall";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n${HEADER}\n`;
  const socket = net.connect(port, "127.0.0.1");
  socket.write(
    `POST /api/2025-10-13/customers/bulk/csv HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: ${auth}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n${head}`,
  );
  let text = "";
  const answer = new Promise<string>((resolve) => {
    socket.on("data", (d) => {
      text += d;
      if (text.includes("\r\n\r\n")) resolve(text);
    });
    socket.on("close", () => resolve(text));
    socket.on("error", () => resolve(text));
  });
  return { socket, answer };
}

async function upload(auth: string, body: BodyInit, contentType?: string) {
  const r = await fetch(`${own.server.url}/api/2025-10-13/customers/bulk/csv`, {
    method: "POST",
    headers: { authorization: auth, ...(contentType ? { "content-type": contentType } : {}) },
    body,
  });
  return { status: r.status, body: await r.json() };
}

function csvForm(content: BodyInit) {
  const form = new FormData();
  form.append("file", new Blob([content as BlobPart], { type: "text/csv" }), "customers.csv");
  return form;
}

async function idleInTransaction(): Promise<number> {
  const sql = postgres(own.dbUrl, { max: 1, onnotice: () => {} });
  const [{ n }] =
    await sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`;
  await sql.end();
  return n;
}

/**
 * No transaction stays open: the server's own workers (sweeper, Plaid, stablecoins) pass through "idle in
 * transaction" for an instant between the statements of their short transactions, and a loaded machine can catch one
 * in a single sample. A stalled upload holding a transaction would hold it until its 408 (DEADLINE_S), so sampling
 * until a sample shows none, for at most a third of the deadline, still catches it.
 */
async function expectNoTransactionHeld(): Promise<void> {
  await expect.poll(idleInTransaction, { timeout: (DEADLINE_S * 1000) / 3, interval: 100 }).toBe(0);
}

describe("A4: bulk CSV uploads cannot take the API down", () => {
  /**
   * PER_PLATFORM + 1 stalled uploads from one platform: the one that reaches the service last is refused at once
   * (429), the others hang in the service, holding the platform's slots.
   */
  async function fillSlots(auth: string) {
    const all = Array.from({ length: PER_PLATFORM + 1 }, () => stalledUpload(auth));
    const first = await Promise.race(all.map((s, i) => s.answer.then((text) => ({ i, text }))));
    expect(first.text).toMatch(/^HTTP\/1\.1 429/);
    all[first.i].socket.destroy();
    return all.filter((_, i) => i !== first.i);
  }

  it("more stalled uploads than pool connections: every platform and /api/health are still served, no transaction is open", async () => {
    const tenants = await Promise.all([0, 1, 2, 3].map((i) => platform(`stall ${i}`)));
    const stalled = (await Promise.all(tenants.map((t) => fillSlots(t.auth)))).flat();
    expect(stalled.length).toBeGreaterThan(POOL);

    expect((await fetch(`${own.server.url}/api/health`)).status).toBe(200);
    const other = await platform("bystander");
    const cfg = await fetch(`${own.server.url}/api/2025-10-13/config`, { headers: { authorization: other.auth } });
    expect(cfg.status).toBe(200);
    const fine = await upload(other.auth, csvForm(`${HEADER}\n$ok@b.c,ok-1,INDIVIDUAL,Ok\n`));
    expect(fine.status, JSON.stringify(fine.body)).toBe(202);
    const third = await upload(tenants[0].auth, csvForm(`${HEADER}\n$a@b.c,x,INDIVIDUAL,A\n`));
    expect(third).toMatchObject({ status: 429, body: { details: { maxUploadsInProgress: PER_PLATFORM } } });
    await expectNoTransactionHeld();

    // Past the deadline every stalled upload is answered 408 (no transaction was ever opened for them).
    const answers = await Promise.all(stalled.map((s) => s.answer));
    for (const a of answers) expect(a).toMatch(/^HTTP\/1\.1 408/);
    for (const s of stalled) s.socket.destroy();
    await expectNoTransactionHeld();
  }, 180_000);

  it("a client that hangs up mid-upload frees its platform's slot at once", async () => {
    const t = await platform("hang-up");
    const stalled = await fillSlots(t.auth);
    for (const s of stalled) s.socket.destroy();
    // Well before the deadline would free them.
    const probe = () => upload(t.auth, csvForm(`${HEADER}\n$h@b.c,h-1,INDIVIDUAL,H\n`));
    await expect.poll(async () => (await probe()).status, { timeout: 10_000 }).toBe(202);
  }, 90_000);

  it("pool connections end a statement or an idle transaction that runs too long (the backstop)", async () => {
    const { closeDb, execRows, getDb } = await import("@/db/client");
    const { sql } = await import("drizzle-orm");
    await closeDb();
    const db = await getDb();
    const [row] = await execRows<{ s: string; i: string }>(
      db,
      sql`select current_setting('statement_timeout') as s, current_setting('idle_in_transaction_session_timeout') as i`,
    );
    expect(row).toEqual({ s: "1min", i: "30s" });
  });
});

describe("A15: unparseable CSV is a 400, and the log holds error codes only", () => {
  it("a stray quote, random bytes and a multipart body without its closing boundary answer 400", async () => {
    const t = await platform("bad csv");
    const secret = `Zq${randomBytes(6).toString("hex")}`;
    const strayQuote = await upload(t.auth, csvForm(`${HEADER}\n$a@b.c,x-1,INDIVIDUAL,"${secret}"tail\n`));
    expect(strayQuote.status).toBe(400);
    expect(strayQuote.body).toMatchObject({
      code: "INVALID_INPUT",
      details: { errors: [{ field: "file", message: "CSV_INVALID_CLOSING_QUOTE at line 2" }] },
    });
    expect(JSON.stringify(strayQuote.body)).not.toContain(secret);

    const unclosed = await upload(t.auth, csvForm(`${HEADER}\n$a@b.c,x-1,INDIVIDUAL,"${secret}\n`));
    expect(unclosed).toMatchObject({ status: 400, body: { details: { errors: [{ field: "file" }] } } });

    let randomRefused = 0;
    for (let i = 0; i < 20; i++) {
      const bytes = Buffer.concat([Buffer.from(`${HEADER}\n`), randomBytes(2000), Buffer.from(secret)]);
      const r = await upload(t.auth, csvForm(new Uint8Array(bytes)));
      expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
      if (r.status === 400) randomRefused++;
    }
    expect(randomRefused).toBe(20);
    // NUL bytes in a field: refused before PostgreSQL (jsonb holds no U+0000).
    const nul = await upload(t.auth, csvForm(`${HEADER}\n$a@b.c,x-1,INDIVIDUAL,a\u0000${secret}\n`));
    expect(nul).toMatchObject({ status: 400, body: { details: { errors: [{ field: "file" }] } } });

    const boundary = "----noclose";
    const noClose = await upload(
      t.auth,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n${HEADER}\n$a@b.c,x-1,INDIVIDUAL,${secret}\n`,
      `multipart/form-data; boundary=${boundary}`,
    );
    expect(noClose).toMatchObject({
      status: 400,
      body: { code: "INVALID_INPUT", details: { errors: [{ field: "file" }] } },
    });
    const garbage = await upload(t.auth, new Uint8Array(randomBytes(5000)), "multipart/form-data; boundary=x");
    expect(garbage.status).toBe(400);

    const logs = own.server.logs();
    expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(/"level":50/);
  }, 120_000);
});

describe("A16: a huge body posted to a KYC link", () => {
  it("answers 413 and never writes the link's token into the log", async () => {
    const t = await platform("kyc");
    const json = async (method: string, path: string, body: unknown) => {
      const r = await fetch(`${own.server.url}/api/2025-10-13${path}`, {
        method,
        headers: { authorization: t.auth, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return r.json();
    };
    const c = await json("POST", "/customers", { customerType: "INDIVIDUAL", fullName: "Kyc Big" });
    const link = await json("POST", `/customers/${c.id}/kyc-link`, {});
    const path = new URL(link.kycUrl).pathname;
    const token = path.split("/").pop() as string;
    expect(token.length).toBeGreaterThan(20);
    const form = new FormData();
    form.set("fullName", "Kyc Big");
    form.set("document", new Blob([new Uint8Array(11 * 1024 * 1024)], { type: "image/png" }), "big.png");
    const r = await fetch(`${own.server.url}${path}`, { method: "POST", body: form });
    expect(r.status).toBe(413);
    expect(r.headers.get("content-security-policy")).toContain("default-src 'none'");
    // The link still works for a form of ordinary size.
    const page = await fetch(`${own.server.url}${path}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(own.server.logs()).not.toContain(token);
  }, 60_000);
});
