/**
 * A webhook receiver on loopback for tests: records every request (headers and raw body) and
 * answers with whatever `respond` decides (a status, or "hang" to never answer).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

interface Received {
  eventId: string;
  type: string;
  rawBody: string;
  signature: string | undefined;
  at: number;
}

type Answer = number | "hang" | { status: number; body?: string; headers?: Record<string, string> };

export interface Receiver {
  url: string;
  received: Received[];
  /** TCP connections accepted so far (a kept-alive connection carries several requests). */
  connections: () => number;
  /** Requests for one envelope id. */
  forEvent: (id: string) => Received[];
  /** A status, "hang", or a full answer (a redirect's location, a body); or a promise of one (the request is held open until it settles). */
  respond: (r: Received, nthForEvent: number) => Answer | Promise<Answer>;
  close: () => Promise<void>;
}

export async function startReceiver(respond: Receiver["respond"] = () => 200): Promise<Receiver> {
  const hanging = new Set<http.ServerResponse>();
  let connections = 0;
  const rec: Receiver = {
    url: "",
    received: [],
    connections: () => connections,
    forEvent: (id) => rec.received.filter((r) => r.eventId === id),
    respond,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      let eventId = "";
      let type = "";
      try {
        const j = JSON.parse(rawBody);
        eventId = j.id;
        type = j.type;
      } catch {}
      const r: Received = {
        eventId,
        type,
        rawBody,
        signature: req.headers["service-webhook-signature"] as string | undefined,
        at: Date.now(),
      };
      rec.received.push(r);
      const status = await rec.respond(r, rec.forEvent(eventId).length);
      if (res.destroyed) return;
      if (status === "hang") {
        hanging.add(res);
        return;
      }
      const a = typeof status === "number" ? { status, body: "{}", headers: {} } : status;
      res.writeHead(a.status, { "content-type": "application/json", ...a.headers }).end(a.body ?? "{}");
    });
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  rec.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return rec;
}

/** Receivers started by one test file, closed together. */
export function receiverPool(): {
  start: (respond?: Receiver["respond"]) => Promise<Receiver>;
  closeAll: () => Promise<void>;
} {
  const all: Receiver[] = [];
  return {
    start: async (respond) => {
      const r = await startReceiver(respond);
      all.push(r);
      return r;
    },
    closeAll: async () => {
      for (const r of all) await r.close();
    },
  };
}

export async function waitFor<T>(
  what: string,
  fn: () => T | Promise<T>,
  timeoutMs = 20_000,
  everyMs = 50,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
