import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { IntegratorError } from "../backend/service";

/**
 * The operators' console is integrator code: it holds the platform credentials (as a partner's
 * backend would) and reaches the service only over HTTP through lib/sdk. The signed-in operator's
 * credentials live in an httpOnly, SameSite=Strict cookie, AES-256-GCM-encrypted under the
 * console's own key (CONSOLE_SESSION_SECRET, else a key generated once under DATA_DIR), for 8 hours.
 */
export const CONSOLE_COOKIE = "console_session";
const TTL_MS = 8 * 3600_000;

export interface ConsoleSession {
  clientId: string;
  clientSecret: string;
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

export function sealSession(s: ConsoleSession): string {
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv("aes-256-gcm", key(), iv);
  const pt = Buffer.from(JSON.stringify({ ...s, exp: Date.now() + TTL_MS }), "utf8");
  const ct = Buffer.concat([c.update(pt), c.final(), c.getAuthTag()]);
  return `${iv.toString("base64url")}.${ct.toString("base64url")}`;
}

export function openSession(value: string | undefined): ConsoleSession | null {
  if (!value) return null;
  try {
    const [ivB, ctB] = value.split(".");
    const all = Buffer.from(ctB, "base64url");
    const d = crypto.createDecipheriv("aes-256-gcm", key(), Buffer.from(ivB, "base64url"));
    d.setAuthTag(all.subarray(all.length - 16));
    const s = JSON.parse(Buffer.concat([d.update(all.subarray(0, all.length - 16)), d.final()]).toString("utf8"));
    if (typeof s.exp !== "number" || s.exp < Date.now()) return null;
    return { clientId: s.clientId, clientSecret: s.clientSecret };
  } catch {
    return null;
  }
}

/** The operator's session from the request's cookie; 401 without a valid one. */
export function requireConsoleSession(req: Request): ConsoleSession {
  const m = new RegExp(`(?:^|;\\s*)${CONSOLE_COOKIE}=([^;]+)`).exec(req.headers.get("cookie") ?? "");
  const s = openSession(m ? decodeURIComponent(m[1]) : undefined);
  if (!s) throw new IntegratorError(401, "CONSOLE_SESSION_REQUIRED", "Sign in to the console first");
  return s;
}
