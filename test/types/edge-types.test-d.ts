/**
 * Type-level checks of the edge (lib/server/edge/http/handler.ts), compiled by `tsc --noEmit -p tsconfig.json` (npm test's
 * typecheck step): each `@ts-expect-error` must meet an error, or tsc fails with "Unused '@ts-expect-error'".
 * Never run: the handlers are only built. test/contract/edge-types.test.ts plants the same lines without the
 * directives and reads tsc's refusal.
 */
import { agentGetExternalAccountOp, agentMeOp, getAgentOp } from "@/lib/server/agents/agent.contract";
import { handle, reply } from "@/lib/server/edge/http/handler";
import { getCardOp } from "@/lib/server/cards/card.contract";
import type { Card } from "@/lib/server/cards/card.contract";

declare const card: Card;

// A platform operation: the context has the platform, and no agent.
handle(getCardOp, async (ctx) => {
  ctx.platform.id satisfies string;
  // @ts-expect-error a platform operation's context has no agent
  ctx.agent.agentId;
  // @ts-expect-error nor an agent token digest
  ctx.agentTokenDigest;
  return reply(200, card);
});

// An agent operation: the agent and its token digest, and no platform.
handle(agentMeOp, async (ctx) => {
  ctx.agent.agentId satisfies string;
  ctx.agentTokenDigest satisfies string;
  // @ts-expect-error an agent operation's context has no platform
  ctx.platform.id;
  return reply(200, card as never);
});

// An agent operation that authenticates in its own query: only the digest.
handle(agentGetExternalAccountOp, async (ctx) => {
  ctx.agentTokenDigest satisfies string;
  // @ts-expect-error the agent is read by the service's own query, not by the edge
  ctx.agent.agentId;
  return reply(200, card as never);
});

// A reply its response schemas do not allow.
// @ts-expect-error getCardById answers 200 with a Card: an agent is not one
handle(getCardOp, async ({ platform }) => reply(200, { id: platform.id, name: "not a card" }));
// @ts-expect-error nor a status the operation does not declare
handle(getCardOp, async () => reply(201, card));
// @ts-expect-error an untyped reply passes only when the handler says it is checked at run time
handle(getAgentOp, async () => ({ status: 200, body: {} as unknown }));
