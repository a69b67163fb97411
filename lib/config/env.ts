import { z } from "zod";

/**
 * Every environment variable the service reads, validated once. A bad value stops the
 * process with a message naming the variable (see README "Configuration").
 */
const envSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  DATA_DIR: z.string().min(1).default(".data"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** 32-byte key (64 hex chars) that encrypts private keys at rest. Generated under DATA_DIR when unset. */
  KEY_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hex characters (32 bytes)")
    .optional(),
  /** The enclave signing key: P-256 private scalar, 64 hex chars. Generated and kept encrypted under DATA_DIR when unset. */
  ENCLAVE_SIGNING_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hex characters")
    .optional(),
  /** Outgoing mail for production platforms, e.g. smtp://user:pass@host:587 */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional(),
  MAIL_FROM: z.string().min(3).default("Wallet <no-reply@localhost>"),
  /** Delay, in ms, before the wallet provider settles an accepted operation (PROCESSING is answered meanwhile). */
  WALLET_SETTLE_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  /** Create (and print) a sandbox demo platform on start. Defaults to on with the embedded database. */
  DEMO_PLATFORM: z.enum(["auto", "on", "off"]).default("auto"),
  /**
   * How long, in seconds, a fetched OIDC key set is trusted before a token naming an unknown `kid` may
   * refetch it (jose createRemoteJWKSet cooldown): bounds fetches caused by junk tokens, and delays pick-up
   * of a rotated key by at most this much.
   */
  OIDC_JWKS_COOLDOWN_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Extra WebAuthn origins allowed for the demo platform (comma-separated). */
  PUBLIC_URL: z.string().url().optional(),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration (environment variables):\n${lines.join("\n")}`);
  }
  return result.data;
}

export function env(): Env {
  if (!cached) cached = loadEnv();
  return cached;
}
