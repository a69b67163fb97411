import type { AgentPrincipal, PlatformPrincipal } from "./principal";

/** What the edge (lib/http/handler.ts) hands one operation: the parsed request and its principal. */
export interface Ctx<B, Q, P> {
  req: Request;
  url: URL;
  body: B;
  query: Q;
  params: P;
  /** Set when the operation's auth is "platform". */
  platform: PlatformPrincipal;
  /** Set when the operation's auth is "agent" (unless it authenticates in its own query). */
  agent: AgentPrincipal;
  /** Set when the operation's auth is "agent": the SHA-256 digest of the presented token. */
  agentTokenDigest: string;
  /** Request-log fields a handler learns late (an operation that authenticates in its own query). */
  log: { platformId?: string };
  requestId: string;
  /** The parsed body as received, before zod transforms (for body digests). */
  rawBody: unknown;
}
