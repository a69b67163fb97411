import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { Destination } from "./webhook-destination";

class ResponseTooLarge extends Error {
  constructor(limit: number) {
    super(`The answer is larger than ${limit} bytes`);
    this.name = "ResponseTooLarge";
  }
}

/**
 * GET (or, with `body`, POST) to a checked destination (lib/server/webhooks/webhook-destination.ts): the socket connects to `dest.address` (the
 * lookup is pinned to it, TLS still verifies the host name), a redirect is never followed (a 3xx is just the status),
 * and the body is read up to `maxBytes` (more fails). Used for the OpenID documents a production platform names and
 * for the requests to other UMA VASPs (lib/server/uma/vasp-request.ts).
 */
export function getPinned(
  dest: Destination,
  opts: {
    headers?: Record<string, string>;
    body?: string;
    timeoutMs: number;
    maxBytes: number;
    signal?: AbortSignal;
  },
): Promise<{ status: number; body: Buffer }> {
  const pinned: LookupFunction = (_host, options, cb) => {
    if ((options as { all?: boolean }).all) cb(null, [{ address: dest.address, family: dest.family }]);
    else cb(null, dest.address, dest.family);
  };
  const client = dest.url.protocol === "https:" ? https : http;
  const signals = [AbortSignal.timeout(opts.timeoutMs), ...(opts.signal ? [opts.signal] : [])];
  return new Promise((resolve, reject) => {
    const req = client.request(
      dest.url,
      {
        method: opts.body === undefined ? "GET" : "POST",
        headers: opts.headers,
        lookup: pinned,
        agent: false,
        timeout: opts.timeoutMs,
        signal: AbortSignal.any(signals),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          size += c.length;
          if (size > opts.maxBytes) {
            req.destroy(new ResponseTooLarge(opts.maxBytes));
            return;
          }
          chunks.push(c);
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () =>
      req.destroy(Object.assign(new Error(`No answer within ${opts.timeoutMs} ms`), { name: "TimeoutError" })),
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}
