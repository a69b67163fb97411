import http from "node:http";

/**
 * The header that carries the TCP peer of a request to the route handlers. Next.js keeps the socket from them and only
 * fills `X-Forwarded-For` with the peer when the client sent none, so a client could name any source it liked. The
 * server's `request` event sets this header from the socket itself, overwriting whatever a client sent under the name.
 */
export const PEER_HEADER = "x-service-peer-address";

const g = globalThis as typeof globalThis & { __peerHeaderInstalled?: boolean };

/** Install once per process, at start-up (lib/server/edge/startup), before requests are served. */
export function installPeerAddressHeader(): void {
  if (g.__peerHeaderInstalled) return;
  g.__peerHeaderInstalled = true;
  const emit = http.Server.prototype.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      req.headers[PEER_HEADER] = req.socket?.remoteAddress ?? "";
    }
    return emit.call(this, event, ...args);
  } as typeof http.Server.prototype.emit;
}
