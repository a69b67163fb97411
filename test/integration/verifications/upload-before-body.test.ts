/**
 * Every upload route decides from the URL and the headers before it reads the body, then streams the body under a
 * cap, a deadline and a per-platform count of uploads in progress (lib/server/core/multipart.ts), on a server of its own
 * (its log is read):
 * - POST /kyc/{token}: an unknown token is answered 404 while the client is still sending; a live link's stalled form
 *   gets 408 after UPLOAD_SECONDS; a platform's stalled forms and document uploads share UPLOADS_PER_PLATFORM (429).
 * - POST /documents: a stalled upload gets 408; without credentials 401 before the body; a Content-Length over the
 *   cap 413 before the body.
 * - A multipart body cut short (no closing boundary, or the client stops sending and half-closes) on every
 *   multipart route answers 4xx, and the server logs no unhandled error.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { startOwnServer, type OwnServer } from "../../support/own-server";

const DEADLINE_S = 10;
const PER_PLATFORM = 2;
let own: OwnServer;

beforeAll(async () => {
  own = await startOwnServer("bodies", {
    UPLOAD_SECONDS: String(DEADLINE_S),
    UPLOADS_PER_PLATFORM: String(PER_PLATFORM),
    BULK_IMPORT_WORKER: "off",
    WEBHOOK_WORKER: "off",
    LOG_LEVEL: "info",
  });
}, 180_000);
afterAll(async () => {
  await own?.stop();
});

const platform = async (name: string) => {
  const p = await createPlatform({ name, environment: "SANDBOX" });
  return { ...p, auth: `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString("base64")}` };
};

async function api(auth: string, method: string, path: string, body: unknown) {
  const r = await fetch(`${own.server.url}/api/2025-10-13${path}`, {
    method,
    headers: { authorization: auth, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return r.json();
}

async function kycPath(auth: string): Promise<string> {
  const c = await api(auth, "POST", "/customers", { customerType: "INDIVIDUAL", fullName: "Stall Kyc" });
  const link = await api(auth, "POST", `/customers/${c.id}/kyc-link`, {});
  return new URL(link.kycUrl).pathname;
}

const BOUNDARY = "----stall";
const PART = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="fullName"\r\n\r\nJane\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;

interface Raw {
  socket: net.Socket;
  /** The answer once it has arrived, or "" when the connection closes without one. */
  answer: Promise<string>;
}

/**
 * A raw request whose multipart body is announced as `announced` bytes and sent only in part (`sent`); `halfClose`
 * then ends the client's side of the connection (the body is truncated), else the client stalls.
 */
function rawUpload(
  path: string,
  opts: { auth?: string; announced?: number; sent?: string; halfClose?: boolean } = {},
): Raw {
  const { port } = own.server;
  const sent = opts.sent ?? PART;
  const socket = net.connect(port, "127.0.0.1");
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${opts.auth ? `Authorization: ${opts.auth}\r\n` : ""}` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${opts.announced ?? 1_000_000}\r\n\r\n${sent}`,
  );
  if (opts.halfClose) socket.end();
  let text = "";
  const answer = new Promise<string>((resolve) => {
    socket.on("data", (d) => {
      text += d;
      const end = text.indexOf("\r\n\r\n");
      if (end < 0) return;
      // The whole answer: up to its length, or to the last chunk of a chunked one.
      const head = text.slice(0, end);
      const length = head.match(/\r\ncontent-length: (\d+)/i)?.[1];
      const rest = text.slice(end + 4);
      if (
        length !== undefined ? Buffer.byteLength(rest) >= Number(length) : !/\r\ntransfer-encoding: chunked/i.test(head)
      )
        resolve(text);
      else if (rest.endsWith("0\r\n\r\n")) resolve(text);
    });
    socket.on("close", () => resolve(text));
    socket.on("error", () => resolve(text));
  });
  return { socket, answer };
}

/** The answer, or "NO ANSWER" when none came while the client was still holding its body back. */
async function within(raw: Raw, ms: number): Promise<string> {
  const none = new Promise<string>((r) => setTimeout(() => r("NO ANSWER"), ms));
  return Promise.race([raw.answer, none]);
}

const status = (head: string) => head.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? head;

describe("POST /kyc/{token}: the link is checked before the body", () => {
  it("an unknown token is answered 404 while the body is still on its way", async () => {
    const raw = rawUpload(`/kyc/${"A".repeat(43)}`);
    // The body never completes: an answer that waited for it would never come.
    expect(status(await within(raw, 30_000))).toBe("404");
    raw.socket.destroy();
  });

  it("a live link's stalled form is answered 408 at UPLOAD_SECONDS, as an HTML page", async () => {
    const t = await platform("kyc stall");
    const raw = rawUpload(await kycPath(t.auth));
    const head = await within(raw, DEADLINE_S * 1000 * 5);
    expect(status(head)).toBe("408");
    expect(head.toLowerCase()).toContain("content-type: text/html");
    raw.socket.destroy();
  }, 60_000);
});

describe("POST /documents: authenticated first, then streamed under a deadline and a per-platform cap", () => {
  it("without credentials: 401 before the body; Content-Length over the cap: 413 before the body", async () => {
    const anon = rawUpload("/api/2025-10-13/documents");
    // The body never completes: an answer that waited for it would never come.
    expect(status(await within(anon, 30_000))).toBe("401");
    anon.socket.destroy();
    const t = await platform("doc big");
    const big = rawUpload("/api/2025-10-13/documents", { auth: t.auth, announced: 200 * 1024 * 1024 });
    expect(status(await within(big, 30_000))).toBe("413");
    big.socket.destroy();
  });

  it("a stalled upload is answered 408 UPLOAD_TIMEOUT at UPLOAD_SECONDS", async () => {
    const t = await platform("doc stall");
    const raw = rawUpload("/api/2025-10-13/documents", { auth: t.auth });
    const head = await within(raw, DEADLINE_S * 1000 * 5);
    expect(status(head)).toBe("408");
    expect(head).toContain("UPLOAD_TIMEOUT");
    raw.socket.destroy();
  }, 60_000);

  it("a platform's stalled document uploads and KYC forms share UPLOADS_PER_PLATFORM: the next one is 429", async () => {
    const t = await platform("doc cap");
    const kyc = rawUpload(await kycPath(t.auth));
    const doc = rawUpload("/api/2025-10-13/documents", { auth: t.auth });
    // Both are in the service before the third arrives (neither is answered yet).
    expect(await within(kyc, 1000)).toBe("NO ANSWER");
    expect(await within(doc, 1000)).toBe("NO ANSWER");
    const third = rawUpload("/api/2025-10-13/documents", { auth: t.auth });
    const head = await within(third, 30_000);
    expect(status(head)).toBe("429");
    expect(head).toContain(`"maxUploadsInProgress":${PER_PLATFORM}`);
    // Another platform is not held back by this one's uploads.
    const other = await platform("doc bystander");
    const free = rawUpload("/api/2025-10-13/documents", { auth: other.auth });
    expect(await within(free, 1000)).toBe("NO ANSWER");
    for (const r of [kyc, doc, third, free]) r.socket.destroy();
    // A hang-up gives the slot back at once, before the deadline would: a complete form is read and judged (400,
    // it names no holder) instead of refused.
    const again = async () => {
      const sent = `${PART}x\r\n--${BOUNDARY}--\r\n`;
      const r = rawUpload("/api/2025-10-13/documents", { auth: t.auth, announced: Buffer.byteLength(sent), sent });
      const s = status(await within(r, 5000));
      r.socket.destroy();
      return s;
    };
    await expect.poll(again, { timeout: (DEADLINE_S * 1000 * 3) / 4, interval: 200 }).toBe("400");
  }, 60_000);
});

describe("a multipart body cut short is a 4xx on every multipart route, never an unhandled error", () => {
  it("without its closing boundary, or with the client's side closed before Content-Length", async () => {
    const t = await platform("truncated");
    const kyc = await kycPath(t.auth);
    const routes: [string, string | undefined][] = [
      ["/api/2025-10-13/customers/bulk/csv", t.auth],
      ["/api/2025-10-13/documents", t.auth],
      [kyc, undefined],
    ];
    for (const [path, auth] of routes) {
      // Complete as far as Content-Length goes, but the form never ends.
      const sent = `${PART}abc\r\n`;
      const unclosed = rawUpload(path, { auth, announced: Buffer.byteLength(sent), sent });
      const a = status(await within(unclosed, DEADLINE_S * 1000 * 5));
      expect(a, path).toMatch(/^4\d\d$/);
      unclosed.socket.destroy();
      // The client stops half-way through the announced body and closes its side.
      const cut = rawUpload(path, { auth, announced: 5000, halfClose: true });
      const b = await within(cut, DEADLINE_S * 1000 * 5);
      expect(b === "" || /^4\d\d$/.test(status(b)), `${path}: ${b}`).toBe(true);
      cut.socket.destroy();
    }
    // Let the server write what it logs about the last requests.
    await new Promise((r) => setTimeout(r, 500));
    const logs = own.server.logs();
    expect(logs).not.toMatch(/"level":50/);
    expect(logs).not.toMatch(/uncaught|unhandled/i);
    // Next.js marks an error that escaped a route with "⨯".
    expect(logs).not.toContain("⨯");
  }, 120_000);
});
