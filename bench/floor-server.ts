/**
 * The floor for bench/agent-lookup.ts: a bare node:http server doing the work of
 * GET /agents/me/external-accounts/{id}: Bearer token format check, SHA-256 digest lookup of the agent,
 * pause and permission check, the account fetch scoped to the agent's customer, JSON serialization.
 * Same queries and indexes as the service, without Next.js, zod or drizzle.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import postgres from "postgres";
import { toExternalAccount, type ExternalAccountRow } from "@/lib/external-accounts/external-account-view";

const sql = postgres(process.env.DATABASE_URL!, { max: Number(process.env.DATABASE_POOL_SIZE || 10), onnotice: () => {} });
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
    const [agent] = await sql`select id, platform_id, customer_id, permissions, is_paused from agents where token_digest = ${digest}`;
    if (!agent) return send(res, 401, { status: 401, code: "UNAUTHORIZED", message: "Invalid agent access token" });
    if (agent.is_paused || !agent.permissions.includes("MANAGE_EXTERNAL_ACCOUNTS")) {
      return send(res, 403, { status: 403, code: "FORBIDDEN", message: "Agent policy does not permit this operation" });
    }
    const uuid = req.url?.startsWith(PREFIX) ? req.url.slice(PREFIX.length) : "";
    const [row] = UUID.test(uuid)
      ? await sql`select * from external_accounts where id = ${uuid} and platform_id = ${agent.platform_id} and customer_id = ${agent.customer_id}`
      : [];
    if (!row) return send(res, 404, { status: 404, code: "EXTERNAL_ACCOUNT_NOT_FOUND", message: "External account not found" });
    send(res, 200, toExternalAccount(camel(row) as ExternalAccountRow));
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
