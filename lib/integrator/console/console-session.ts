import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, gt, lt } from "drizzle-orm";
import { integratorConsoleSessions, integratorDb } from "../backend/store";
import { integratorOrigin } from "../backend/config";
import { IntegratorError } from "../backend/service";

/**
 * The operators' console is integrator code: it holds the platform credentials (as a partner's backend would) and
 * reaches the service only over HTTP through lib/sdk. A signed-in operator has a server-side session
 * (`integrator_console_sessions`), for 8 hours: the browser's httpOnly, SameSite=Strict cookie (Secure over https)
 * holds only a random token, and the row keyed by its SHA-256 keeps the credentials AES-256-GCM-sealed under the
 * console's own key (CONSOLE_SESSION_SECRET, else a key generated once under DATA_DIR). Signing out deletes the row,
 * so a copied cookie stops working with it; no secret ever travels in a cookie.
 */
export const CONSOLE_COOKIE = "console_session";
export const CONSOLE_SESSION_SECONDS = 8 * 3600;
/** How long a created API token's secret waits for the tokens page to show it (once). */
const NEW_TOKEN_TTL_MS = 60_000;

export interface ConsoleSession {
  clientId: string;
  clientSecret: string;
  /** The cookie's token (absent for a session built otherwise). */
  token?: string;
}

function key(): Buffer {
  const secret = process.env.CONSOLE_SESSION_SECRET;
  if (secret) return crypto.createHash("sha256").update(`console-session:${secret}`).digest();
  const file = path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || ".data", "console-session.key");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
  return Buffer.from(fs.readFileSync(file, "utf8").trim(), "hex");
}

export const digest = (token: string) => crypto.createHash("sha256").update(token, "utf8").digest("hex");

/** AES-256-GCM under the console key; the row's digest and the field's name are the associated data. */
export function seal(value: unknown, aad: string): string {
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv("aes-256-gcm", key(), iv).setAAD(Buffer.from(aad, "utf8"));
  const ct = Buffer.concat([c.update(JSON.stringify(value), "utf8"), c.final(), c.getAuthTag()]);
  return `${iv.toString("base64url")}.${ct.toString("base64url")}`;
}

export function unseal<T>(value: string, aad: string): T | null {
  try {
    const [ivB, ctB] = value.split(".");
    const all = Buffer.from(ctB, "base64url");
    const d = crypto.createDecipheriv("aes-256-gcm", key(), Buffer.from(ivB, "base64url"));
    d.setAAD(Buffer.from(aad, "utf8")).setAuthTag(all.subarray(all.length - 16));
    return JSON.parse(Buffer.concat([d.update(all.subarray(0, all.length - 16)), d.final()]).toString("utf8")) as T;
  } catch {
    return null;
  }
}

/** A new session for checked credentials; answers the cookie's token. Ended sessions are cleared on the way. */
export async function createConsoleSession(creds: { clientId: string; clientSecret: string }): Promise<string> {
  const db = await integratorDb();
  await db.delete(integratorConsoleSessions).where(lt(integratorConsoleSessions.expiresAt, new Date()));
  const token = crypto.randomBytes(32).toString("base64url");
  const d = digest(token);
  await db.insert(integratorConsoleSessions).values({
    tokenDigest: d,
    credentialsSealed: seal({ clientId: creds.clientId, clientSecret: creds.clientSecret }, `${d}:credentials`),
    expiresAt: new Date(Date.now() + CONSOLE_SESSION_SECONDS * 1000),
  });
  return token;
}

/** The live session a cookie token names, or null (unknown, signed out or expired). */
export async function openConsoleSession(token: string | undefined): Promise<ConsoleSession | null> {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const d = digest(token);
  const db = await integratorDb();
  const [row] = await db
    .select({ sealed: integratorConsoleSessions.credentialsSealed })
    .from(integratorConsoleSessions)
    .where(and(eq(integratorConsoleSessions.tokenDigest, d), gt(integratorConsoleSessions.expiresAt, new Date())));
  const creds = row ? unseal<{ clientId: string; clientSecret: string }>(row.sealed, `${d}:credentials`) : null;
  return creds ? { clientId: creds.clientId, clientSecret: creds.clientSecret, token } : null;
}

/** Sign out: the session row goes, so its cookie opens nothing any more. */
export async function revokeConsoleSession(token: string | undefined): Promise<void> {
  if (!token) return;
  const db = await integratorDb();
  await db.delete(integratorConsoleSessions).where(eq(integratorConsoleSessions.tokenDigest, digest(token)));
}

/** Keep a created API token's id and secret with the session until the tokens page shows them. */
export async function stashNewToken(token: string, created: { clientId: string; clientSecret: string }) {
  const d = digest(token);
  const db = await integratorDb();
  await db
    .update(integratorConsoleSessions)
    .set({
      newTokenSealed: seal(created, `${d}:new-token`),
      newTokenExpiresAt: new Date(Date.now() + NEW_TOKEN_TTL_MS),
    })
    .where(eq(integratorConsoleSessions.tokenDigest, d));
}

/** The stashed token, once: it is cleared as it is read. */
export async function takeNewToken(token: string): Promise<{ clientId: string; clientSecret: string } | null> {
  const d = digest(token);
  const db = await integratorDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ sealed: integratorConsoleSessions.newTokenSealed, until: integratorConsoleSessions.newTokenExpiresAt })
      .from(integratorConsoleSessions)
      .where(eq(integratorConsoleSessions.tokenDigest, d))
      .for("update");
    if (!row?.sealed) return null;
    await tx
      .update(integratorConsoleSessions)
      .set({ newTokenSealed: null, newTokenExpiresAt: null })
      .where(eq(integratorConsoleSessions.tokenDigest, d));
    if (!row.until || row.until.getTime() <= Date.now()) return null;
    return unseal<{ clientId: string; clientSecret: string }>(row.sealed, `${d}:new-token`);
  });
}

/** The console cookie's token in a request. */
export function consoleCookieToken(req: Request): string | undefined {
  const m = new RegExp(`(?:^|;\\s*)${CONSOLE_COOKIE}=([^;]+)`).exec(req.headers.get("cookie") ?? "");
  return m ? decodeURIComponent(m[1]) : undefined;
}

/** The operator's session from the request's cookie; 401 without a live one. */
export async function requireConsoleSession(req: Request): Promise<ConsoleSession> {
  const s = await openConsoleSession(consoleCookieToken(req));
  if (!s) throw new IntegratorError(401, "CONSOLE_SESSION_REQUIRED", "Sign in to the console first");
  return s;
}

/**
 * Whether browsers reach the console over https: the configured origin's scheme (PUBLIC_URL). No request header decides
 * it, as anyone may send X-Forwarded-Proto.
 */
export function overHttps(): boolean {
  return integratorOrigin().startsWith("https:");
}
