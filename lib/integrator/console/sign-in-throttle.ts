import { inArray, lt, sql } from "drizzle-orm";
import { integratorDb, integratorSignInFailures } from "../backend/store";

/**
 * Failed console sign-ins, counted at the console before the service is asked. The service counts failed
 * authentications per client id and source, and every console sign-in reaches it from this server's address: left to
 * that count alone, one browser's flood of wrong credentials would use up the limit of that one source and lock out
 * every operator. Here each browser (its address by the trusted-proxy rule) has a small budget per minute, and a
 * smaller one per client id, so a flood stops at the console and other browsers' sign-ins still reach the service.
 */
const WINDOW_MS = 60_000;
const PER_BROWSER = 10;
const PER_BROWSER_AND_CLIENT_ID = 5;

const keysOf = (browser: string, clientId: string) => [
  `browser:${browser}`,
  `client:${clientId.slice(0, 200)} ${browser}`,
];

/**
 * Count this attempt as a failure before the service is asked (so that concurrent guesses cannot pass the budget);
 * false when the browser's budget is spent. `releaseSignIn` gives the attempt back when the credentials were right.
 */
export async function reserveSignIn(browser: string, clientId: string): Promise<boolean> {
  const db = await integratorDb();
  await db.delete(integratorSignInFailures).where(lt(integratorSignInFailures.windowEndsAt, new Date()));
  const [browserKey, clientKey] = keysOf(browser, clientId);
  const t = integratorSignInFailures;
  const rows = await db
    .insert(t)
    .values([browserKey, clientKey].map((key) => ({ key, count: 1, windowEndsAt: new Date(Date.now() + WINDOW_MS) })))
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`case when ${t.windowEndsAt} <= now() then 1 else ${t.count} + 1 end`,
        windowEndsAt: sql`case when ${t.windowEndsAt} <= now() then excluded.window_ends_at else ${t.windowEndsAt} end`,
      },
    })
    .returning({ key: t.key, count: t.count });
  return rows.every((r) => r.count <= (r.key === browserKey ? PER_BROWSER : PER_BROWSER_AND_CLIENT_ID));
}

/** The credentials were right: the reserved attempt was no failure. */
export async function releaseSignIn(browser: string, clientId: string): Promise<void> {
  const db = await integratorDb();
  await db
    .update(integratorSignInFailures)
    .set({ count: sql`greatest(${integratorSignInFailures.count} - 1, 0)` })
    .where(inArray(integratorSignInFailures.key, keysOf(browser, clientId)));
}
