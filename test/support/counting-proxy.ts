/**
 * A loopback TCP proxy in front of PostgreSQL that counts round trips ("flights": a run of bytes from the client after
 * the server last answered): db/transaction-client.ts's pipelining and the money path's round trips are measured
 * through it (test/integration/db/transaction-client.test.ts, money-round-trips.test.ts). It also counts the statements
 * the client runs: the frontend protocol's Execute messages (extended protocol) and Query messages (simple protocol).
 */
import net from "node:net";
import type { AddressInfo } from "node:net";

export interface CountingProxy {
  url: string;
  flights: () => number;
  /** Statements run so far (Execute and Query messages: BEGIN and COMMIT count as one each). */
  statements: () => number;
  close: () => Promise<void>;
}

export async function startCountingProxy(target: URL): Promise<CountingProxy> {
  let flights = 0;
  let statements = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    // The client speaks after the server answered: a new round trip.
    let serverSpokeLast = true;
    const count = messageCounter((type) => {
      if (type === "E" || type === "Q") statements++;
    });
    client.on("data", (d) => {
      if (serverSpokeLast) flights++;
      serverSpokeLast = false;
      count(d);
      upstream.write(d);
    });
    upstream.on("data", (d) => {
      serverSpokeLast = true;
      client.write(d);
    });
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.on("error", () => {});
    upstream.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = new URL(target.toString());
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    flights: () => flights,
    statements: () => statements,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** SSLRequest and GSSENCRequest: a startup-phase message answered by one byte, after which the startup message follows. */
const ENCRYPTION_REQUESTS = new Set([80877103, 80877104]);

/**
 * The frontend's messages, told apart in the byte stream: the startup phase's messages (a length, no type byte), then
 * typed messages (a type byte, then a length that counts itself). `onMessage` gets each typed message's type.
 */
function messageCounter(onMessage: (type: string) => void): (chunk: Buffer) => void {
  let pending = Buffer.alloc(0);
  let startup = true;
  return (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      if (startup) {
        if (pending.length < 8) return;
        const length = pending.readInt32BE(0);
        if (pending.length < length) return;
        if (!ENCRYPTION_REQUESTS.has(pending.readInt32BE(4))) startup = false;
        pending = pending.subarray(length);
      } else {
        if (pending.length < 5) return;
        const length = pending.readInt32BE(1);
        if (pending.length < length + 1) return;
        onMessage(String.fromCharCode(pending[0]));
        pending = pending.subarray(length + 1);
      }
    }
  };
}
