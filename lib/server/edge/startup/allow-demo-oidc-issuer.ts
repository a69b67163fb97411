import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { platforms } from "@/db/schema";
import { logger } from "@/lib/shared/log/logger";

/**
 * The demo platform accepts the example integrator's OpenID provider: when INTEGRATOR_OIDC_ISSUER and
 * INTEGRATOR_OIDC_CLIENT_ID are set (docs/development.md's `npm run oidc:dev` recipe, `npm run demo`), that issuer with the
 * client id as audience is added to the demo platform's `oidc.issuers` (once; an entry for the issuer is kept).
 * Only the demo platform, which this process created for itself, is changed this way.
 */
export async function allowDemoOidcIssuer(
  platformUuid: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<boolean> {
  const issuer = env.INTEGRATOR_OIDC_ISSUER?.replace(/\/+$/, "");
  const audience = env.INTEGRATOR_OIDC_CLIENT_ID;
  if (!issuer || !audience) return false;
  const db = await getDb();
  const [row] = await db.select({ settings: platforms.settings }).from(platforms).where(eq(platforms.id, platformUuid));
  if (!row) return false;
  const oidc = (row.settings.oidc as { issuers?: Array<{ issuer: string; audiences: string[] }> } | undefined) ?? {};
  const issuers = oidc.issuers ?? [];
  const existing = issuers.find((i) => i.issuer.replace(/\/+$/, "") === issuer);
  if (existing?.audiences.includes(audience)) return false;
  const next = existing
    ? issuers.map((i) => (i === existing ? { ...i, audiences: [...i.audiences, audience] } : i))
    : [...issuers, { issuer, audiences: [audience] }];
  await db
    .update(platforms)
    .set({ settings: { ...row.settings, oidc: { ...oidc, issuers: next } } })
    .where(eq(platforms.id, platformUuid));
  logger.info({ issuer }, "demo platform: OpenID issuer allowed");
  return true;
}
