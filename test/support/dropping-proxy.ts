/**
 * A loopback HTTP proxy that can lose answers: it forwards each request to the server, reads the whole
 * answer (so the server has committed), and for the requests `drop` selects destroys the client's socket
 * instead of answering — a response cut off on the way back, as a timeout or a dying connection does.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface DroppingProxy {
  url: string;
  /** Answers the server produced that the client never received. */
  dropped: () => number;
  close: () => Promise<void>;
}

export async function startDroppingProxy(
  target: string,
  drop: (req: http.IncomingMessage) => boolean,
): Promise<DroppingProxy> {
  let dropped = 0;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers))
      if (typeof v === "string" && k !== "host" && k !== "connection") headers.set(k, v);
    const upstream = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const body = Buffer.from(await upstream.arrayBuffer());
    if (drop(req)) {
      dropped++;
      req.socket.destroy();
      return;
    }
    const out: Record<string, string> = {};
    upstream.headers.forEach((v, k) => {
      if (k !== "content-encoding" && k !== "transfer-encoding" && k !== "content-length") out[k] = v;
    });
    res.writeHead(upstream.status, out).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    dropped: () => dropped,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
