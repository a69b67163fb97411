import { eq, sql } from "drizzle-orm";
import { preparedQuery } from "@/db/prepared";
import { agents } from "@/db/schema";
import { unauthorized } from "@/lib/server/core/errors";
import type { AgentPrincipal } from "@/lib/server/core/principal";
import { sha256Hex, TOKEN_RE } from "./agent-secrets";

/** The columns of an agent row that make its principal (AgentAuth and the fused hot-path queries select these). */
export const agentPrincipalColumns = {
  agentId: agents.id,
  platformId: agents.platformId,
  customerId: agents.customerId,
  permissions: agents.permissions,
  isPaused: agents.isPaused,
};

// Prepared once per database handle: this runs on every agent request (bench/README.md).
const agentByTokenDigest = preparedQuery((db) =>
  db
    .select(agentPrincipalColumns)
    .from(agents)
    .where(eq(agents.tokenDigest, sql.placeholder("digest")))
    .limit(1)
    .prepare("agent_by_token_digest"),
);

export const INVALID_AGENT_TOKEN = "Invalid agent access token";

/**
 * The form check of AgentAuth (protocol.md "Agents"): `Authorization: Bearer gat_<40 hex>`, and only that;
 * BasicAuth credentials on an agent route are refused like a missing token. Answers the SHA-256 digest of
 * the token, the only form in which tokens are stored or looked up.
 */
export function agentTokenDigest(header: string | null): string {
  const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!m) throw unauthorized("Agent credentials are required: Authorization: Bearer <agent access token>");
  if (!TOKEN_RE.test(m[1])) throw unauthorized(INVALID_AGENT_TOKEN);
  return sha256Hex(m[1]);
}

/**
 * AgentAuth after the form check: one indexed lookup by the token's digest; a deleted agent has no row, so
 * its token answers 401 at once. Pause and permissions are checked per operation (requireAgentPermission):
 * 403, not 401.
 */
export async function agentByDigest(digest: string): Promise<AgentPrincipal> {
  const [row] = await (await agentByTokenDigest()).execute({ digest });
  if (!row) throw unauthorized(INVALID_AGENT_TOKEN);
  return row;
}
