import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import pLimit from "p-limit";
import { logger } from "@/lib/shared/log/logger";

/**
 * Platform client secrets are stored only as scrypt hashes and compared in constant time.
 * Format: `scrypt$<N>$<r>$<p>$<salt b64url>$<hash b64url>`.
 */
const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

function scryptAsync(secret: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEYLEN, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(secret, salt, N, R, P);
  return ["scrypt", N, R, P, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

// Hashed once per process, to learn how long a real verification takes on this host.
const DUMMY_HASH = `scrypt$${N}$${R}$${P}$${Buffer.alloc(16).toString("base64url")}$${Buffer.alloc(KEYLEN).toString("base64url")}`;

/**
 * One verification at a time per process: a burst of guesses (each a full scrypt) queues on one thread instead
 * of taking every core from legitimate requests (bench/README.md "Failed BasicAuth flood").
 */
const knownClientHashes = pLimit(1);

/**
 * How long one scrypt takes here (ms): measured on every real verification (moving average) and, before the
 * first one, by hashing the dummy hash once.
 */
let typicalHashMs: number | null = null;
let measuring: Promise<void> | null = null;

function recordHashTime(ms: number): void {
  typicalHashMs = typicalHashMs === null ? ms : typicalHashMs * 0.8 + ms * 0.2;
}

async function timedScrypt(secret: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  // Counted by tests (LOG_LEVEL=debug): a throttled attempt, or one naming an unknown client id, never gets here.
  logger.debug("platform secret hash computed");
  const started = performance.now();
  const out = await scryptAsync(secret, salt, n, r, p);
  recordHashTime(performance.now() - started);
  return out;
}

/**
 * An unknown client id costs no hash: a flood of made-up client ids would otherwise cost a full scrypt each and
 * take the CPU from legitimate requests. The answer waits as long as a real verification takes on this host, so
 * that the time of a 401 does not tell whether a client id exists; the wait uses no CPU.
 */
async function unknownClient(): Promise<false> {
  if (typicalHashMs === null) {
    measuring ??= knownClientHashes(async () => {
      const parts = DUMMY_HASH.split("$");
      await timedScrypt("", Buffer.from(parts[4], "base64url"), N, R, P);
    });
    await measuring;
  } else {
    await new Promise((resolve) => setTimeout(resolve, typicalHashMs ?? 0));
  }
  return false;
}

export function verifySecret(secret: string, stored: string | null): Promise<boolean> {
  if (stored === null) return unknownClient();
  return knownClientHashes(async () => {
    const parts = stored.split("$");
    if (parts.length !== 6 || parts[0] !== "scrypt") return false;
    const [, n, r, p, saltB64, hashB64] = parts;
    const expected = Buffer.from(hashB64, "base64url");
    const actual = await timedScrypt(secret, Buffer.from(saltB64, "base64url"), Number(n), Number(r), Number(p));
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  });
}

/**
 * A short-lived, process-local memo of successful verifications so that each request does not
 * pay a full scrypt. It is keyed by a digest of (secret, stored hash): a changed hash misses,
 * and nothing else depends on it — a second instance simply verifies again.
 */
const memo = new Map<string, number>();
const MEMO_TTL_MS = 60_000;
const MEMO_MAX = 1000;

/** Keyed by the stored hash's digest first, so that forgetVerifications can drop every entry of one hash. */
function memoKey(secret: string, stored: string): string {
  return `${createHash("sha256").update(stored).digest("base64url")}.${createHash("sha256").update(stored).update("\u0000").update(secret).digest("base64url")}`;
}

/** True when this process verified exactly this secret against this hash within the memo's lifetime. */
export function verifiedRecently(secret: string, stored: string): boolean {
  const until = memo.get(memoKey(secret, stored));
  return until !== undefined && until > Date.now();
}

/** Verifications under way, by memo key: concurrent requests with the same credentials share one. */
const inFlight = new Map<string, Promise<boolean>>();

/**
 * Verify `secret` against `stored` once for every concurrent request with the same credentials: `verify` (the hash,
 * and whatever the caller does around it, such as counting the attempt) runs for the first of them and the others
 * await its answer, so that a burst of right secrets when the memo has expired counts one attempt, not one each.
 * A success is memoized.
 */
export async function verifySecretShared(
  secret: string,
  stored: string | null,
  verify: () => Promise<boolean> = () => verifySecret(secret, stored),
): Promise<boolean> {
  if (stored === null) return verify();
  if (verifiedRecently(secret, stored)) return true;
  const key = memoKey(secret, stored);
  let pending = inFlight.get(key);
  if (!pending) {
    pending = verify().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  const ok = await pending;
  if (ok) {
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(key, Date.now() + MEMO_TTL_MS);
  }
  return ok;
}

/** API tokens' client ids carry this prefix, so authentication reads one table. */
export const TOKEN_CLIENT_ID_PREFIX = "token_";

/** Forget memoized verifications of a stored hash (a deleted API token), so nothing outlives it here. */
export function forgetVerifications(stored: string): void {
  const prefix = createHash("sha256").update(stored).digest("base64url");
  for (const key of memo.keys()) if (key.startsWith(prefix)) memo.delete(key);
}

export function generateCredentials(kind: "platform" | "token" = "platform"): {
  clientId: string;
  clientSecret: string;
} {
  return {
    clientId: `${kind === "token" ? TOKEN_CLIENT_ID_PREFIX : "client_"}${randomBytes(kind === "token" ? 16 : 10).toString("hex")}`,
    clientSecret: `secret_${randomBytes(24).toString("hex")}`,
  };
}
