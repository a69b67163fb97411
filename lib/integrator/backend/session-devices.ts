import { and, eq, inArray, lt } from "drizzle-orm";
import type { AuthSession } from "@/lib/sdk/types";
import type { IntegratorUser } from "./current-user";
import { integratorDb, integratorSessionDevices } from "./store";

/** A session as the security page shows it: the service's session plus the device the integrator saw. */
export type SessionWithDevice = AuthSession & {
  device: { browser: string; os: string; firstSeenAt: string; lastSeenAt: string } | null;
};

/** Browser and system names from a User-Agent (the common ones; anything else is "Browser"/"Unknown"). */
export function describeUserAgent(ua: string): { browser: string; os: string } {
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\//.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /(Chrome|Chromium|CriOS)\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : "Browser";
  const os = /iPhone|iPad|iPod/.test(ua)
    ? "iOS"
    : /Android/.test(ua)
      ? "Android"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(ua)
          ? "macOS"
          : /CrOS/.test(ua)
            ? "ChromeOS"
            : /Linux/.test(ua)
              ? "Linux"
              : "Unknown";
  return { browser, os };
}

/** Seen more recently than this is not written again (the page checks every two seconds). */
const TOUCH_AFTER_MS = 15_000;

/**
 * Record that `current` (one of the user's active sessions) is used by this browser now, then answer the active
 * sessions with their devices.
 */
export async function sessionsWithDevices(
  user: IntegratorUser,
  active: AuthSession[],
  current: string | null,
  userAgent: string,
): Promise<SessionWithDevice[]> {
  const db = await integratorDb();
  if (current && active.some((s) => s.id === current)) {
    const { browser, os } = describeUserAgent(userAgent);
    const now = new Date();
    await db
      .insert(integratorSessionDevices)
      .values({ sessionId: current, userId: user.id, browser, os, firstSeenAt: now, lastSeenAt: now })
      .onConflictDoUpdate({
        target: integratorSessionDevices.sessionId,
        set: { lastSeenAt: now },
        setWhere: and(
          eq(integratorSessionDevices.userId, user.id),
          lt(integratorSessionDevices.lastSeenAt, new Date(now.getTime() - TOUCH_AFTER_MS)),
        ),
      });
  }
  const ids = active.map((s) => s.id);
  const rows = ids.length
    ? await db
        .select()
        .from(integratorSessionDevices)
        .where(and(eq(integratorSessionDevices.userId, user.id), inArray(integratorSessionDevices.sessionId, ids)))
    : [];
  const byId = new Map(rows.map((r) => [r.sessionId, r]));
  return active.map((s) => {
    const d = byId.get(s.id);
    return {
      ...s,
      device: d
        ? {
            browser: d.browser,
            os: d.os,
            firstSeenAt: d.firstSeenAt.toISOString(),
            lastSeenAt: d.lastSeenAt.toISOString(),
          }
        : null,
    };
  });
}
