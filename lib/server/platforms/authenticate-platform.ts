import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { preparedQuery } from "@/db/prepared";
import { apiTokens, platforms } from "@/db/schema";
import { unauthorized } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { toPrincipal } from "./platform-row";
import { sourceAddress } from "@/lib/server/rate-limit/source-address";
import { checkAuthThrottle, releaseAuthAttempt, reserveAuthAttempt, throttleKeys } from "./auth-throttle";
import { TOKEN_CLIENT_ID_PREFIX, verifiedRecently, verifySecret, verifySecretShared } from "./secret-hash";
import type { TokenPermission } from "@/lib/server/core/operation";

/**
 * BasicAuth: `Authorization: Basic base64(clientId:clientSecret)`, with the platform's own credentials or
 * an API token's (`token_…` client ids). Every failure answers the same 401, whether or not the client id exists.
 * The row is read on every request, so a deleted token fails at once on every instance: the memo of
 * verifications is consulted only for a stored hash that is still in the database. Attempts that need a hash
 * are throttled per client id and per source address before it is computed (protocol.md "Failed platform authentication").
 */
export async function authenticatePlatform(headers: Headers): Promise<PlatformPrincipal> {
  const creds = parseBasic(headers.get("authorization"));
  if (!creds) throw unauthorized("Platform credentials are required: HTTP Basic with the client id and client secret");
  const db = await getDb();
  const found = await findCredentials(creds.clientId);
  // Credentials this instance verified within the minute cost no hash: they skip the throttle, so that a flood of
  // failures at a client id cannot lock out the platform's own traffic.
  if (found && verifiedRecently(creds.clientSecret, found.secretHash)) return found.principal();
  const keys = throttleKeys(creds.clientId, sourceAddress(headers));
  // Concurrent requests with the same credentials share the throttle check, the counted attempt and the hash: when
  // the memo has expired under steady traffic, a burst of right secrets is one attempt, not one each (which passed
  // the per-client limit and answered 429 to the platform's own requests once a minute).
  const ok = await verifySecretShared(creds.clientSecret, found?.secretHash ?? null, async () => {
    await checkAuthThrottle(db, keys);
    await reserveAuthAttempt(db, keys);
    const right = await verifySecret(creds.clientSecret, found?.secretHash ?? null);
    if (found && right) await releaseAuthAttempt(db, keys);
    return right;
  });
  if (!found || !ok) throw unauthorized("Invalid platform credentials");
  return found.principal();
}

/** Every request with a platform's own credentials reads its row: prepared once, not built each time. */
const platformByClientId = preparedQuery((db) =>
  db
    .select()
    .from(platforms)
    .where(eq(platforms.clientId, sql.placeholder("clientId")))
    .limit(1)
    .prepare("platform_by_client_id"),
);

/** The stored hash of a client id (a platform's own or an API token's) and the principal it authenticates. */
async function findCredentials(
  clientId: string,
): Promise<{ secretHash: string; principal: () => PlatformPrincipal } | null> {
  const db = await getDb();
  if (clientId.startsWith(TOKEN_CLIENT_ID_PREFIX)) {
    const [row] = await db
      .select({
        platform: platforms,
        tokenId: apiTokens.id,
        secretHash: apiTokens.secretHash,
        permissions: apiTokens.permissions,
      })
      .from(apiTokens)
      .innerJoin(platforms, eq(platforms.id, apiTokens.platformId))
      .where(eq(apiTokens.clientId, clientId))
      .limit(1);
    if (!row) return null;
    return {
      secretHash: row.secretHash,
      principal: () => ({
        ...toPrincipal(row.platform),
        tokenId: row.tokenId,
        tokenPermissions: row.permissions as TokenPermission[],
      }),
    };
  }
  const [row] = await (await platformByClientId()).execute({ clientId });
  return row ? { secretHash: row.secretHash, principal: () => toPrincipal(row) } : null;
}

function parseBasic(header: string | null): { clientId: string; clientSecret: string } | null {
  if (!header) return null;
  const m = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!m) return null;
  const decoded = Buffer.from(m[1], "base64").toString("utf8");
  const i = decoded.indexOf(":");
  if (i <= 0) return null;
  const clientId = decoded.slice(0, i);
  const clientSecret = decoded.slice(i + 1);
  if (!clientSecret || clientId.length > 200 || clientSecret.length > 200) return null;
  return { clientId, clientSecret };
}
