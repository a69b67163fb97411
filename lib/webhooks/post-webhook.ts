import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { Destination } from "./webhook-destination";

export interface PostResult {
  status: number;
  /** The start of the receiver's answer (at most `keepBytes`), for the synchronous test webhook only. */
  bodyStart: string;
}

/**
 * POST to a checked destination. The socket connects to `dest.address` (the lookup is pinned to it),
 * while TLS still verifies the certificate against the host name. Redirects are never followed: a
 * 3xx is just the receiver's status.
 */
export function postWebhook(
  dest: Destination,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  keepBytes = 0,
): Promise<PostResult> {
  const pinned: LookupFunction = (_host, options, cb) => {
    if ((options as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: dest.address, family: dest.family }]);
    else cb(null, dest.address, dest.family);
  };
  const client = dest.url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      dest.url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: pinned,
        agent: false,
        timeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on("data", (c: Buffer) => {
          if (kept < keepBytes) {
            chunks.push(c);
            kept += c.length;
          }
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, bodyStart: Buffer.concat(chunks).subarray(0, keepBytes).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(Object.assign(new Error(`No answer within ${timeoutMs} ms`), { name: "TimeoutError" })));
    req.on("error", reject);
    req.end(body);
  });
}
