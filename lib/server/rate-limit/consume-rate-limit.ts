import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { rateLimitEvents } from "@/db/schema";
import { rateLimited } from "@/lib/server/core/errors";
import { newUuid } from "@/lib/shared/ids";
import { env } from "@/lib/shared/config/env";

export interface RateRule {
  limit: number;
  windowSeconds: number;
}

/**
 * Count one event under `key`, or throw 429 RATE_LIMITED with `Retry-After` when any rule is full.
 * A sliding-window log in PostgreSQL, serialised per key by a transaction-scoped advisory lock, so
 * that any number of server instances share one count (protocol.md "Rate limit defaults").
 */
export async function consumeRateLimit(key: string, rules: RateRule[], what: string): Promise<void> {
  const db = await getDb();
  const longest = Math.max(...rules.map((r) => r.windowSeconds));
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    const now = Date.now();
    await tx
      .delete(rateLimitEvents)
      .where(and(eq(rateLimitEvents.key, key), lt(rateLimitEvents.at, new Date(now - longest * 1000))));
    const events = await tx
      .select({ at: rateLimitEvents.at })
      .from(rateLimitEvents)
      .where(and(eq(rateLimitEvents.key, key), gt(rateLimitEvents.at, new Date(now - longest * 1000))))
      .orderBy(asc(rateLimitEvents.at));
    let waitMs = 0;
    for (const rule of rules) {
      const since = now - rule.windowSeconds * 1000;
      const inWindow = events.filter((e) => e.at.getTime() > since);
      if (inWindow.length >= rule.limit) {
        // The window frees a slot when its oldest counted event leaves it.
        const oldest = inWindow[inWindow.length - rule.limit].at.getTime();
        waitMs = Math.max(waitMs, oldest + rule.windowSeconds * 1000 - now);
      }
    }
    if (waitMs > 0) throw rateLimited(waitMs / 1000, what);
    await tx.insert(rateLimitEvents).values({ id: newUuid(), key, at: new Date(now) });
  });
}

/** Defaults of protocol.md "Rate limit defaults" (the EMAIL_OTP re-send interval: EMAIL_OTP_RESEND_SECONDS). */
export const RATE_LIMITS = {
  get emailOtpChallenge(): RateRule[] {
    return [
      { limit: 1, windowSeconds: env().EMAIL_OTP_RESEND_SECONDS },
      { limit: 10, windowSeconds: 3600 },
    ];
  },
  passkeyChallenge: [{ limit: 10, windowSeconds: 60 }],
  verify: [{ limit: 10, windowSeconds: 60 }],
  deviceCodeRedeem: [{ limit: 10, windowSeconds: 60 }],
} satisfies Record<string, RateRule[]>;
