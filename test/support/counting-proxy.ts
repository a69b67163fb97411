/**
 * A loopback TCP proxy in front of PostgreSQL that counts round trips ("flights": a run of bytes from the client after
 * the server last answered): db/transaction-client.ts's pipelining and the money path's round trips are measured
 * through it (test/integration/transaction-client.test.ts, money-round-trips.test.ts).
 */
import net from "node:net";
import type { AddressInfo } from "node:net";

export interface CountingProxy {
  url: string;
  flights: () => number;
  close: () => Promise<void>;
}

export async function startCountingProxy(target: URL): Promise<CountingProxy> {
  let flights = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    // The client speaks after the server answered: a new round trip.
    let serverSpokeLast = true;
    client.on("data", (d) => {
      if (serverSpokeLast) flights++;
      serverSpokeLast = false;
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
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
