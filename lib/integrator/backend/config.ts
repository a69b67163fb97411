import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { z } from "zod";

/**
 * The integrator's configuration. The integrator is a partner's backend: it holds the platform
 * credentials and reaches the service only over HTTP (default: this same app on loopback). On the
 * embedded default (no INTEGRATOR_CLIENT_ID) it uses the demo platform the service wrote under DATA_DIR.
 */
const schema = z.object({
  INTEGRATOR_SERVICE_URL: z.string().url().optional(),
  INTEGRATOR_CLIENT_ID: z.string().min(1).optional(),
  INTEGRATOR_CLIENT_SECRET: z.string().min(1).optional(),
  INTEGRATOR_OIDC_ISSUER: z.string().url().optional(),
  INTEGRATOR_OIDC_CLIENT_ID: z.string().min(1).optional(),
  INTEGRATOR_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  NEXTAUTH_SECRET: z.string().min(16).optional(),
  PUBLIC_URL: z.string().url().optional(),
  PORT: z.string().regex(/^\d+$/).default("3000"),
  DATA_DIR: z.string().min(1).default(".data"),
});

export interface IntegratorConfig {
  /** The integrator's own origin (what browsers see): PUBLIC_URL or http://localhost:$PORT. */
  origin: string;
  /** `{base_url}` of the service. */
  serviceBaseUrl: string;
  clientId: string;
  clientSecret: string;
  oidc?: { issuer: string; clientId: string; clientSecret: string };
  authSecret: string;
}

let cached: IntegratorConfig | undefined;

export function integratorConfig(): IntegratorConfig {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid integrator configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const origin = originOf(e);
  // Loopback by IP: the server binds 127.0.0.1 and "localhost" may resolve to ::1 first.
  const serviceOrigin = e.INTEGRATOR_SERVICE_URL
    ? e.INTEGRATOR_SERVICE_URL.replace(/\/+$/, "")
    : `http://127.0.0.1:${e.PORT}`;
  let clientId = e.INTEGRATOR_CLIENT_ID;
  let clientSecret = e.INTEGRATOR_CLIENT_SECRET;
  if (!clientId || !clientSecret) {
    if (e.INTEGRATOR_SERVICE_URL)
      throw new Error("INTEGRATOR_CLIENT_ID and INTEGRATOR_CLIENT_SECRET are required with INTEGRATOR_SERVICE_URL");
    const file = path.resolve(/*turbopackIgnore: true*/ e.DATA_DIR, "demo-platform.json");
    if (!fs.existsSync(file)) {
      throw new Error(
        `No platform credentials: set INTEGRATOR_CLIENT_ID/INTEGRATOR_CLIENT_SECRET, or start with the demo platform (${file})`,
      );
    }
    const demo = JSON.parse(fs.readFileSync(file, "utf8")) as { clientId: string; clientSecret: string };
    clientId = demo.clientId;
    clientSecret = demo.clientSecret;
  }
  const oidc =
    e.INTEGRATOR_OIDC_ISSUER && e.INTEGRATOR_OIDC_CLIENT_ID && e.INTEGRATOR_OIDC_CLIENT_SECRET
      ? {
          issuer: e.INTEGRATOR_OIDC_ISSUER.replace(/\/+$/, ""),
          clientId: e.INTEGRATOR_OIDC_CLIENT_ID,
          clientSecret: e.INTEGRATOR_OIDC_CLIENT_SECRET,
        }
      : undefined;
  cached = {
    origin,
    serviceBaseUrl: `${serviceOrigin.endsWith("/api/2025-10-13") ? serviceOrigin : `${serviceOrigin}/api/2025-10-13`}`,
    clientId,
    clientSecret,
    oidc,
    authSecret: e.NEXTAUTH_SECRET ?? localAuthSecret(e.DATA_DIR),
  };
  return cached;
}

const originOf = (e: { PUBLIC_URL?: string; PORT: string }) =>
  e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : `http://localhost:${e.PORT}`;

/** The site's own origin alone (no platform credentials needed): what the same-origin check compares with. */
export function integratorOrigin(): string {
  return originOf(schema.pick({ PUBLIC_URL: true, PORT: true }).parse(process.env));
}

/** Without NEXTAUTH_SECRET (embedded default), a random secret kept under DATA_DIR signs the integrator's cookies. */
function localAuthSecret(dataDir: string): string {
  const file = path.resolve(/*turbopackIgnore: true*/ dataDir, "integrator-auth-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (e) {
    // Another process wrote it first: use theirs, so that every process signs with one secret.
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return fs.readFileSync(file, "utf8").trim();
    throw e;
  }
  return secret;
}
