import { eq, sql } from "drizzle-orm";
import { preparedQuery } from "@/db/prepared";
import { agents } from "@/db/schema";
import { unauthorized } from "@/lib/http/errors";
import type { AgentPrincipal } from "@/lib/http/principal";
import { sha256Hex, TOKEN_RE } from "./agent-secrets";

// Prepared once per database handle: this runs on every agent request (bench/README.md).
const agentByTokenDigest = preparedQuery((db) =>
  db
    .select({
      agentId: agents.id,
      platformId: agents.platformId,
      customerId: agents.customerId,
      permissions: agents.permissions,
      isPaused: agents.isPaused,
    })
    .from(agents)
    .where(eq(agents.tokenDigest, sql.placeholder("digest")))
    .limit(1)
    .prepare("agent_by_token_digest"),
);

/**
 * AgentAuth (protocol.md "Agents"): `Authorization: Bearer gat_<40 hex>`, and only that; BasicAuth
 * credentials on an agent route are refused like a missing token. One indexed lookup by the token's
 * SHA-256 (never the token); a deleted agent has no row, so its token answers 401 at once.
 * Pause and permissions are checked per operation (requireAgentPermission): 403, not 401.
 */
export async function authenticateAgent(header: string | null): Promise<AgentPrincipal> {
  const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!m) throw unauthorized("Agent credentials are required: Authorization: Bearer <agent access token>");
  if (!TOKEN_RE.test(m[1])) throw unauthorized("Invalid agent access token");
  const [row] = await (await agentByTokenDigest()).execute({ digest: sha256Hex(m[1]) });
  if (!row) throw unauthorized("Invalid agent access token");
  return row;
}
