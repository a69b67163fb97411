import crypto from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { integratorConsoleHandoffs, integratorDb } from "../backend/store";
import { digest, seal, unseal } from "./console-session";

/**
 * A one-time hand-off from a console form post to the page it redirects to, for a bearer value the page shows once
 * (a hosted KYC link). The cookie carries only a random code; the value stays on the server, sealed under the console's
 * key and bound to the operator's session, and is redeemed once (deleted as it is read) within HANDOFF_TTL_MS.
 */
export const HANDOFF_TTL_MS = 60_000;
/** The cookie of the KYC link's hand-off code: never the link itself. */
export const KYC_LINK_COOKIE = "console_kyc_handoff";
type HandoffKind = "KYC_LINK";

/** Keep `value` for the session whose cookie token is `sessionToken`; answers the code for the hand-off cookie. */
export async function createHandoff(sessionToken: string, kind: HandoffKind, value: string): Promise<string> {
  const db = await integratorDb();
  await db.delete(integratorConsoleHandoffs).where(lt(integratorConsoleHandoffs.expiresAt, new Date()));
  const code = crypto.randomBytes(32).toString("base64url");
  const d = digest(code);
  await db.insert(integratorConsoleHandoffs).values({
    codeDigest: d,
    sessionDigest: digest(sessionToken),
    kind,
    valueSealed: seal(value, `${d}:${kind}`),
    expiresAt: new Date(Date.now() + HANDOFF_TTL_MS),
  });
  return code;
}

/** The value a code names, once, for the session that made it and before it expires; null otherwise. */
export async function redeemHandoff(
  sessionToken: string | undefined,
  kind: HandoffKind,
  code: string | undefined,
): Promise<string | null> {
  if (!sessionToken || !code || !/^[A-Za-z0-9_-]{43}$/.test(code)) return null;
  const d = digest(code);
  const db = await integratorDb();
  // The row goes whoever asks: a code tried from another session is spent too, and shows nothing there.
  const [row] = await db
    .delete(integratorConsoleHandoffs)
    .where(and(eq(integratorConsoleHandoffs.codeDigest, d), eq(integratorConsoleHandoffs.kind, kind)))
    .returning();
  if (!row || row.sessionDigest !== digest(sessionToken) || row.expiresAt.getTime() <= Date.now()) return null;
  return unseal<string>(row.valueSealed, `${d}:${kind}`);
}
