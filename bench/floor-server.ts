/**
 * The floor for bench/agent-lookup.ts: a bare node:http server doing the work of
 * GET /agents/me/external-accounts/{id}: Bearer token format check, then the SHA-256 digest lookup of the
 * agent joined with the account scoped to the agent's customer (one query, as the service does), pause and
 * permission check, JSON serialization. Same query, indexes and pool size as the service, without Next.js,
 * zod or drizzle.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import postgres from "postgres";
import { databasePoolSize } from "@/db/pool-size";
import { toExternalAccount, type ExternalAccountRow } from "@/lib/server/external-accounts/external-account-view";

const sql = postgres(process.env.DATABASE_URL!, { max: databasePoolSize(), onnotice: () => {} });
const PREFIX = "/api/2025-10-13/agents/me/external-accounts/ExternalAccount:";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

const server = http.createServer(async (req, res) => {
  try {
    const m = /^Bearer (gat_[0-9a-f]{40})$/.exec(req.headers.authorization ?? "");
    if (!m) return send(res, 401, { status: 401, code: "UNAUTHORIZED", message: "Invalid agent access token" });
    const digest = createHash("sha256").update(m[1]).digest("hex");
    const uuid = req.url?.startsWith(PREFIX) ? req.url.slice(PREFIX.length) : "";
    // The service's hot path: AgentAuth and the account fetch in one query (lib/server/agents/agent-get-external-account.ts).
    const [row] = UUID.test(uuid)
      ? await sql`select a.id as agent_id, a.permissions as agent_permissions, a.is_paused as agent_is_paused, e.*
                  from agents a left join external_accounts e
                    on e.id = ${uuid} and e.platform_id = a.platform_id and e.customer_id = a.customer_id
                  where a.token_digest = ${digest} limit 1`
      : await sql`select id as agent_id, permissions as agent_permissions, is_paused as agent_is_paused from agents where token_digest = ${digest}`;
    if (!row) return send(res, 401, { status: 401, code: "UNAUTHORIZED", message: "Invalid agent access token" });
    if (row.agent_is_paused || !row.agent_permissions.includes("MANAGE_EXTERNAL_ACCOUNTS")) {
      return send(res, 403, { status: 403, code: "FORBIDDEN", message: "Agent policy does not permit this operation" });
    }
    if (!row.id)
      return send(res, 404, { status: 404, code: "EXTERNAL_ACCOUNT_NOT_FOUND", message: "External account not found" });
    const { agent_id, agent_permissions, agent_is_paused, ...account } = row;
    send(res, 200, toExternalAccount(camel(account) as ExternalAccountRow));
  } catch (e) {
    send(res, 500, { status: 500, code: "INTERNAL_ERROR", message: String(e) });
  }
});

function camel(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
  return out;
}

server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("floor ready"));
process.on("SIGTERM", () => server.close(() => sql.end().then(() => process.exit(0))));
