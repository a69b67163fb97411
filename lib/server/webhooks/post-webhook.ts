import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { Destination } from "./webhook-destination";

export interface PostResult {
  status: number;
  /** The start of the receiver's answer (at most `keepBytes`), for the synchronous test webhook only. */
  bodyStart: string;
}

/** Keep-alive agents, one per (scheme, host name, port, checked address); the least recently used go first. */
const MAX_AGENTS = 64;
const agents = new Map<string, http.Agent>();

/**
 * The keep-alive agent for one checked destination. Keyed by the checked address too, so a kept socket is only
 * ever reused for an attempt whose own check gave the same address (a host that now resolves elsewhere gets a new
 * agent and a new connection to its new, checked address). Idle sockets close after 4 s, or sooner when the
 * receiver's Keep-Alive header says so (Node's agent honours it).
 */
function agentFor(dest: Destination): http.Agent {
  const key = `${dest.url.protocol}//${dest.url.hostname}:${dest.url.port}@${dest.address}`;
  let agent = agents.get(key);
  if (agent) agents.delete(key);
  else {
    const opts = { keepAlive: true, maxFreeSockets: 16, timeout: 4_000 };
    agent = dest.url.protocol === "https:" ? new https.Agent(opts) : new http.Agent(opts);
    const oldest = agents.entries().next();
    if (agents.size >= MAX_AGENTS && !oldest.done) {
      const [oldestKey, oldestAgent] = oldest.value;
      agents.delete(oldestKey);
      oldestAgent.destroy();
    }
  }
  agents.set(key, agent);
  return agent;
}

/**
 * POST to a checked destination. The socket connects to `dest.address` (the lookup is pinned to it),
 * while TLS still verifies the certificate against the host name. Redirects are never followed: a
 * 3xx is just the receiver's status. Connections are kept alive per checked address (`agentFor`); a kept
 * socket the receiver closed meanwhile (reset before any answer) is retried once on a new connection.
 */
export async function postWebhook(
  dest: Destination,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  keepBytes = 0,
): Promise<PostResult> {
  try {
    return await postOnce(dest, headers, body, timeoutMs, keepBytes, agentFor(dest));
  } catch (e) {
    if (!(e as { reusedSocket?: boolean }).reusedSocket) throw e;
    return postOnce(dest, headers, body, timeoutMs, keepBytes, false);
  }
}
function postOnce(
  dest: Destination,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  keepBytes: number,
  agent: http.Agent | false,
): Promise<PostResult> {
  const pinned: LookupFunction = (_host, options, cb) => {
    if ((options as { all?: boolean }).all) cb(null, [{ address: dest.address, family: dest.family }]);
    else cb(null, dest.address, dest.family);
  };
  const client = dest.url.protocol === "https:" ? https : http;
  let answered = false;
  return new Promise((resolve, reject) => {
    const req = client.request(
      dest.url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: pinned,
        agent,
        timeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on("data", (c: Buffer) => {
          if (kept < keepBytes) {
            chunks.push(c);
            kept += c.length;
          }
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            bodyStart: Buffer.concat(chunks).subarray(0, keepBytes).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () =>
      req.destroy(Object.assign(new Error(`No answer within ${timeoutMs} ms`), { name: "TimeoutError" })),
    );
    req.on("error", (e) => {
      // A kept socket that the receiver had closed: reset before any answer came back (safe to send again).
      const code = (e as { code?: unknown }).code;
      if (req.reusedSocket && !answered && (code === "ECONNRESET" || code === "EPIPE"))
        Object.assign(e, { reusedSocket: true });
      reject(e);
    });
    req.end(body);
  });
}
