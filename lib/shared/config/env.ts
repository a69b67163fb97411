import { z } from "zod";

/**
 * Every environment variable the service reads, validated once. A bad value stops the
 * process with a message naming the variable (docs/configuration.md lists them).
 */
const envSchema = z
  .object({
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional(),
    /**
     * Migrations (under a session advisory lock) and the webhook worker's LISTEN connect here instead of DATABASE_URL:
     * both hold session state, which a pooler in transaction mode (PgBouncer) does not keep. Unset: DATABASE_URL.
     */
    DATABASE_DIRECT_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional(),
    /**
     * A streaming read replica of DATABASE_URL: lists read there once it has replayed the primary's WAL up to the
     * position the primary had when the read began (db/replica.ts); unset, every read goes to DATABASE_URL.
     */
    DATABASE_REPLICA_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional(),
    /** How long a read waits for the replica to catch up before it reads from the primary instead. */
    REPLICA_MAX_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(50),
    /** `false`: no server-side prepared statements (a pooler in transaction mode that does not track them, PgBouncer < 1.21). */
    DATABASE_PREPARE: z.enum(["true", "false"]).default("true"),
    /**
     * Backstops on every pool connection (sent as the startup `options`, so PostgreSQL applies them to the session):
     * a statement running longer, or a transaction left idle longer, is ended by the server. 0 sends nothing (behind
     * a pooler that refuses `options`: set them on the role instead).
     */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    /** PostgreSQL connections per process (db/pool-size.ts): unset means twice the CPUs, at least 4. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).optional(),
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
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Wallet <no-reply@localhost>"),
    /**
     * Outgoing SMS for production platforms: an HTTP gateway taking a Twilio-compatible form POST
     * (`To`, `From`, `Body`; credentials as the URL's user:password → Basic auth), for example
     * https://SID:TOKEN@api.twilio.com/2010-04-01/Accounts/SID/Messages.json
     */
    SMS_URL: z
      .string()
      .regex(/^https?:\/\//, "must be an http:// or https:// URL")
      .optional(),
    SMS_FROM: z.string().min(1).max(32).default("Wallet"),
    /** Delay, in ms, before the wallet provider settles an accepted operation (PROCESSING is answered meanwhile). */
    WALLET_SETTLE_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
    /** Create (and print) a sandbox demo platform on start. Defaults to on with the embedded database. */
    DEMO_PLATFORM: z.enum(["auto", "on", "off"]).default("auto"),
    /** Run the webhook delivery worker inside this server process (tests may turn it off and step it by hand). */
    WEBHOOK_WORKER: z.enum(["on", "off"]).default("on"),
    /** How often the webhook worker looks for due deliveries, in ms. */
    WEBHOOK_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
    /** Deliveries one instance sends at once (each claimed, sent and recorded on its own; bench/README.md "Webhook latency"). */
    WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(32),
    /**
     * Deliveries one instance sends at once to one platform (unset: a quarter of WEBHOOK_CONCURRENCY, at least 1), so
     * that a platform whose receiver is slow leaves the other slots to the other platforms (lib/server/webhooks/delivery-slots.ts).
     */
    WEBHOOK_PLATFORM_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
    /** Base of the exponential retry schedule (attempt n waits base·2^(n-1), capped), in ms. Tests set it small. */
    WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
    /** Longest wait between two attempts (protocol.md: 30 min). */
    WEBHOOK_RETRY_CAP_MS: z.coerce.number().int().min(1).max(86_400_000).default(1_800_000),
    /** Give up on a delivery this long after the event (protocol.md: 7 days). */
    WEBHOOK_GIVE_UP_MS: z.coerce
      .number()
      .int()
      .min(1)
      .default(7 * 24 * 3600 * 1000),
    /** Timeout of one delivery attempt, in ms; the claim lease is this plus 5 s. */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /**
     * Private receivers webhooks may reach (comma-separated host names, IP addresses or CIDR ranges);
     * every other destination must be public (protocol.md "Webhook endpoints").
     */
    WEBHOOK_ALLOWED_HOSTS: z.string().optional(),
    /**
     * Private OpenID issuers a deployment trusts (host names, IPs or CIDR ranges, comma-separated): a production
     * platform's issuer, jwksUri or discovered jwks_uri may reach them, over http too; every other must be https on
     * public addresses (the webhook destination rules, lib/server/webhooks/webhook-destination.ts).
     */
    OIDC_ALLOWED_HOSTS: z.string().optional(),
    /**
     * Where sandbox platforms reach other VASPs' UMA domains (docs/protocol.md "UMA"): comma-separated
     * `domain=http://127.0.0.1:port` pairs, like a hosts file with ports; UMA addresses carry no port. A domain not named
     * is reached as UMA builds its URL (http for localhost, *.local and *.internal, https otherwise); every target still
     * passes the sandbox destination rule (loopback only). Production platforms ignore it: https to the domain.
     */
    UMA_SANDBOX_HOSTS: z.string().optional(),
    /** The deadline of one request to another VASP (LNURLP, keys, pay request, settlement), in milliseconds. */
    UMA_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
    /** DNS servers (ip or ip:port, comma-separated) that resolve webhook hosts instead of the system resolver. */
    WEBHOOK_DNS_SERVERS: z.string().optional(),
    /** Source of exchange rates: `sandbox` (the fixed table in lib/server/exchange-rates/sandbox-rate-source.ts). */
    EXCHANGE_RATE_SOURCE: z.enum(["sandbox"]).default("sandbox"),
    /**
     * The EMAIL_OTP challenge's re-send interval in seconds (protocol.md "Rate limit defaults": one per 30 s per
     * credential; also the SMS codes of contact verification and SCA). An operator's setting, not a platform's: test
     * deployments shorten it so that no browser test waits on it (e2e/global-setup.ts). The hourly cap stays 10.
     */
    EMAIL_OTP_RESEND_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** How long a fetched exchange rate is reused (cached in the database), in ms (spec Limits: about 5 minutes). */
    EXCHANGE_RATE_TTL_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
    /** Largest single transaction, in USD cents equivalent (platform config `limits` may set its own). */
    TRANSACTION_SIZE_LIMIT_USD_CENTS: z.coerce.number().int().min(1).default(100_000_000),
    /** Largest total sent per customer per UTC day, in USD cents equivalent. */
    DAILY_VOLUME_LIMIT_USD_CENTS: z.coerce.number().int().min(1).default(500_000_000),
    /** Current end-user terms (GET /customers/end-user-terms); quotes need a customer's consent to this version. */
    END_USER_TERMS_VERSION: z.string().min(1).max(50).default("V1"),
    END_USER_TERMS_URL: z.string().url().default("https://localhost/terms/v1"),
    /** How long a quote can be executed, in ms. */
    QUOTE_TTL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(300_000),
    /**
     * How long, in seconds, a fetched OIDC key set is trusted before a token naming an unknown `kid` may
     * refetch it (jose createRemoteJWKSet cooldown): bounds fetches caused by junk tokens, and delays pick-up
     * of a rotated key by at most this much.
     */
    OIDC_JWKS_COOLDOWN_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    /** JSON file replacing the shipped directory of receiving institutions and VASPs (lib/server/discoveries/directory.json shape). */
    DIRECTORY_FILE: z.string().min(1).optional(),
    /** Largest CSV file of POST /customers/bulk/csv, in bytes, and most data rows in one file. */
    BULK_IMPORT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(1024 * 1024 * 1024)
      .default(20 * 1024 * 1024),
    BULK_IMPORT_MAX_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(100_000),
    /** Time a CSV upload has to arrive whole (408 past it); the file is read before any database work. */
    BULK_IMPORT_UPLOAD_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    /** CSV uploads one platform may have in progress on one instance at once (429 past it). */
    BULK_IMPORT_UPLOADS_PER_PLATFORM: z.coerce.number().int().min(1).max(100).default(2),
    /** Run the bulk-import worker in this server process (every instance may; rows are claimed with SKIP LOCKED). */
    BULK_IMPORT_WORKER: z.enum(["on", "off"]).default("on"),
    /** How often an idle bulk-import worker looks for pending rows, and how many rows one transaction takes. */
    BULK_IMPORT_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(500),
    BULK_IMPORT_BATCH: z.coerce.number().int().min(1).max(5000).default(200),
    /** Bulk-import loops per process (each holds one database connection while it works). */
    BULK_IMPORT_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(1),
    /** Run the stablecoin operations worker in this server process (every instance may; rows are claimed with SKIP LOCKED). */
    STABLECOIN_WORKER: z.enum(["on", "off"]).default("on"),
    /** Wait of the sandbox issuer provider before each step of a stablecoin operation (docs/protocol.md "Stablecoins"). */
    STABLECOIN_SETTLE_DELAY_MS: z.coerce.number().int().min(0).max(86_400_000).default(5000),
    /** How often an idle stablecoin worker looks for operations whose next step is due. */
    STABLECOIN_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(500),
    /** Plaid (deprecated Grid operations /plaid/*): production platforms need these; sandbox platforms use the built-in sandbox. */
    PLAID_CLIENT_ID: z.string().min(1).optional(),
    PLAID_SECRET: z.string().min(1).optional(),
    /** Plaid's API base URL for production platforms (Plaid's own sandbox host may be given to try a real Plaid sandbox). */
    PLAID_BASE_URL: z.string().url().default("https://production.plaid.com"),
    /** The name Plaid Link shows the end user. */
    PLAID_CLIENT_NAME: z.string().min(1).max(30).default("Bank account link"),
    /** Run the Plaid worker (activates accounts linked through Plaid) in this server process; every instance may. */
    PLAID_WORKER: z.enum(["on", "off"]).default("on"),
    /** Start of an UMA invitation's claim URL (the code is appended). */
    INVITATION_URL_BASE: z.string().url().default("https://uma.me/i/"),
    /**
     * Reverse proxies in front of the service (IPs or CIDR ranges, comma-separated): only a request whose TCP peer is
     * one of them has its X-Forwarded-For believed for per-source limits (lib/server/rate-limit/source-address.ts).
     */
    TRUSTED_PROXIES: z.string().optional(),
    /** Failed BasicAuth attempts per client id and source per minute before 429 (protocol.md "Failed platform authentication"). */
    AUTH_FAILURES_PER_CLIENT_ID: z.coerce.number().int().min(1).max(1_000_000).default(20),
    /** Failed BasicAuth attempts per source address per minute before 429. */
    AUTH_FAILURES_PER_SOURCE: z.coerce.number().int().min(1).max(1_000_000).default(100),
    /** Device-code redemption attempts per source address per minute, across codes, before 429. */
    DEVICE_CODE_REDEEMS_PER_SOURCE: z.coerce.number().int().min(1).max(1_000_000).default(30),
    /**
     * Sandbox money simulations (funding, /sandbox/send, UMA receive, card simulations) per platform per minute before
     * 429 RATE_LIMITED (lib/server/rate-limit/limit-sandbox-money.ts); 0 turns the limit off. Test suites lift it.
     */
    SANDBOX_MONEY_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(120),
    /** Run the sweeper (lib/server/sweeper) in this server process; every instance may. */
    SWEEPER: z.enum(["on", "off"]).default("on"),
    /** Pause between two sweeper passes, in ms. */
    SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(86_400_000).default(60_000),
    /** Rows deleted per statement (at most ten statements per table per pass). */
    SWEEP_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(1000),
    /** Signed-retry requests are kept this long after their expiresAt (replays end at expiresAt), in ms. */
    SIGNED_REQUEST_RETENTION_MS: z.coerce.number().int().min(0).default(86_400_000),
    /** EMAIL_OTP and passkey challenges are kept this long after they expire, in ms. */
    CHALLENGE_RETENTION_MS: z.coerce.number().int().min(0).default(86_400_000),
    /** Digests of used OIDC tokens are kept this long after the token's exp, in ms. */
    OIDC_TOKEN_USE_RETENTION_MS: z.coerce.number().int().min(0).default(3_600_000),
    /** Agent device codes are kept this long after they expire (their status answers 404 afterwards), in ms. */
    DEVICE_CODE_RETENTION_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(7 * 86_400_000),
    /** KYC/KYB document bytes (always encrypted under the KEK first): `pg` (a table) or `s3` (an S3-compatible bucket). */
    DOCUMENT_STORE: z.enum(["pg", "s3"]).default("pg"),
    /** With DOCUMENT_STORE=s3: endpoint URL (path-style: `<endpoint>/<bucket>/<key>`), bucket, region and keys. */
    S3_ENDPOINT: z.string().url().optional(),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Largest KYC/KYB document file, in bytes (Grid: 10 MB). */
    DOCUMENT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(100 * 1024 * 1024)
      .default(10 * 1024 * 1024),
    /**
     * Time a multipart upload other than the CSV import (POST /documents, PUT /documents/{id}, the hosted KYC form)
     * has to arrive whole (408 past it), and how many of them one platform may have in progress on one instance
     * (429 past it). The body is read only after the caller (or the KYC link) is checked.
     */
    UPLOAD_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    UPLOADS_PER_PLATFORM: z.coerce.number().int().min(1).max(1000).default(8),
    /** `next start` and `next build` set it to `production`; with BENCH_ROUTES it decides what is production. */
    NODE_ENV: z.string().optional(),
    /**
     * `1`: serve the bench routes (app/api/bench/*: a payment's round trips, a constant answer, CPU profiles),
     * which take no credentials and lock rows. Refused at start-up with NODE_ENV=production (every `next start`)
     * unless BENCH_ROUTES_NOT_PRODUCTION=1, the acknowledgement the benches (bench/*.ts) set.
     */
    BENCH_ROUTES: z.string().optional(),
    BENCH_ROUTES_NOT_PRODUCTION: z.string().optional(),
    /**
     * The origin browsers reach this server at: the links it hands out (KYC, card reveal, Plaid), the demo platform's
     * WebAuthn origin, the integrator's own origin. Required in production (isProductionDeployment).
     */
    PUBLIC_URL: z.string().url().optional(),
  })
  .superRefine((e, ctx) => {
    if (e.BENCH_ROUTES === "1" && e.NODE_ENV === "production" && e.BENCH_ROUTES_NOT_PRODUCTION !== "1") {
      ctx.addIssue({
        code: "custom",
        path: ["BENCH_ROUTES"],
        message:
          "BENCH_ROUTES=1 serves unauthenticated routes that lock rows (app/api/bench); a production server (NODE_ENV=production) refuses it unless BENCH_ROUTES_NOT_PRODUCTION=1 says this deployment is a bench",
      });
    }
    if (e.DOCUMENT_STORE !== "s3") return;
    for (const k of ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (!e[k]) ctx.addIssue({ code: "custom", path: [k], message: "required when DOCUMENT_STORE=s3" });
    }
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

/**
 * The origin of links the service hands out (reveal, KYC, Plaid): PUBLIC_URL, else this server on loopback by PORT.
 * Never the request's Host: whoever sends the request would choose the address a bearer link points at.
 */
export function publicOrigin(): string {
  const configured = env().PUBLIC_URL;
  return configured ? new URL(configured).origin : `http://localhost:${process.env.PORT || "3000"}`;
}

/**
 * A production deployment: a `next start` build (NODE_ENV=production) on its own PostgreSQL database without the
 * sandbox demo platform. The embedded database and the demo platform are the local sandbox, where loopback defaults
 * are right; a deployment must say where browsers reach it, since no request header may name that.
 */
function isProductionDeployment(e: Pick<Env, "DATABASE_URL" | "DEMO_PLATFORM">, nodeEnv = process.env.NODE_ENV) {
  return nodeEnv === "production" && !!e.DATABASE_URL && e.DEMO_PLATFORM !== "on";
}

/** The configuration a production deployment cannot start without, as the lines naming what is missing. */
export function missingForProduction(e: Env, nodeEnv = process.env.NODE_ENV): string[] {
  if (!isProductionDeployment(e, nodeEnv)) return [];
  return e.PUBLIC_URL
    ? []
    : [
        "  PUBLIC_URL: required in production (NODE_ENV=production with DATABASE_URL): the origin browsers reach this service at",
      ];
}
