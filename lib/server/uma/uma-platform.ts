import { eq, sql } from "drizzle-orm";
import { type DbOrTx, getDb } from "@/db/client";
import { platforms } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { toPrincipal } from "@/lib/server/platforms/platform-row";

export interface UmaPlatform {
  platform: PlatformPrincipal;
  /** The platform's configured umaDomain, in lower case: what its answers name, never the request's spelling. */
  domain: string;
}

/**
 * The platform whose configured `umaDomain` is the domain a request came for. The request's Host only selects among
 * configured domains (a Host no platform configured, or one that two platforms claim, is 404 UMA_NOT_FOUND); nothing
 * of it reaches an answer.
 */
export async function umaPlatformForHost(host: string | null): Promise<UmaPlatform> {
  const domain = (host ?? "").replace(/:\d+$/, "").replace(/\.+$/, "").toLowerCase();
  const rows = domain
    ? await (await getDb())
        .select()
        .from(platforms)
        .where(sql`lower(${platforms.settings}->>'umaDomain') = ${domain}`)
        .limit(2)
    : [];
  if (rows.length !== 1) throw notFound("UMA_NOT_FOUND", "UMA domain", domain || "(none)");
  return { platform: toPrincipal(rows[0]), domain };
}

/** The platform by id, with its UMA domain (a platform without one takes part in no UMA exchange); `conn` as vaspKeys'. */
export async function umaPlatformById(platformId: string, conn?: DbOrTx): Promise<UmaPlatform> {
  const [row] = await (conn ?? (await getDb())).select().from(platforms).where(eq(platforms.id, platformId));
  const platform = row ? toPrincipal(row) : undefined;
  const domain = platform?.settings.umaDomain?.toLowerCase();
  if (!platform || !domain) throw notFound("UMA_NOT_FOUND", "UMA domain", platformId);
  return { platform, domain };
}
