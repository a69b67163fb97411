import type { AuthScheme } from "./operation";
import type { AgentPrincipal, PlatformPrincipal } from "./principal";

/** What the edge (lib/server/edge/http/handler.ts) hands every operation: the parsed request. */
export interface RequestCtx<B, Q, P> {
  req: Request;
  url: URL;
  body: B;
  query: Q;
  params: P;
  /** Request-log fields a handler learns late (an operation that authenticates in its own query). */
  log: { platformId?: string };
  requestId: string;
  /** The parsed body as received, before zod transforms (for body digests). */
  rawBody: unknown;
}

/**
 * The principal an operation's `auth` yields, and only that one: a platform operation's context has `platform`
 * and no `agent`; an agent operation's has `agent` and the digest of its token and no `platform`; one that
 * authenticates the agent in its own query (`agentAuthInQuery`) has only the digest; an unauthenticated one has none.
 */
export type PrincipalCtx<A extends AuthScheme, AQ extends boolean> = A extends "platform"
  ? { platform: PlatformPrincipal }
  : A extends "agent"
    ? AQ extends true
      ? { agentTokenDigest: string }
      : { agent: AgentPrincipal; agentTokenDigest: string }
    : Record<never, never>;

/** The handler context of one operation: its parsed request and the principal its `auth` gives. */
export type Ctx<B, Q, P, A extends AuthScheme = AuthScheme, AQ extends boolean = false> = RequestCtx<B, Q, P> &
  PrincipalCtx<A, AQ>;
