import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { platforms } from "@/db/schema";
import { unauthorized } from "@/lib/api-core/errors";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { toPrincipal } from "./platform-row";
import { verifySecretMemoized } from "./secret-hash";

/**
 * BasicAuth: `Authorization: Basic base64(clientId:clientSecret)`.
 * Every failure answers the same 401, whether or not the client id exists.
 */
export async function authenticatePlatform(header: string | null): Promise<PlatformPrincipal> {
  const creds = parseBasic(header);
  if (!creds) throw unauthorized("Platform credentials are required: HTTP Basic with the client id and client secret");
  const db = await getDb();
  const [row] = await db.select().from(platforms).where(eq(platforms.clientId, creds.clientId)).limit(1);
  const ok = await verifySecretMemoized(creds.clientSecret, row?.secretHash ?? null);
  if (!row || !ok) throw unauthorized("Invalid platform credentials");
  return toPrincipal(row);
}

export function parseBasic(header: string | null): { clientId: string; clientSecret: string } | null {
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
