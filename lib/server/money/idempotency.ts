import { isUniqueViolation } from "@/db/errors";
import { ApiError } from "@/lib/server/core/errors";
import { canonicalDigest } from "@/lib/shared/crypto/web/canonical-json";

/**
 * The Idempotency-Key of every money endpoint (POST /quotes, /agents/me/quotes, /transfer-in, /transfer-out):
 * the same key with the same body gives the first request's answer; the same key with another body is
 * 409 IDEMPOTENCY_KEY_REUSED naming the key. The row the first request created carries the key (unique
 * per platform, and per `scope` where one table serves several endpoints) and the digest of its body.
 */
export interface IdempotentRequest {
  /** The client's Idempotency-Key header, or null (no replay protection asked for). */
  key: string | null;
  /** Keeps one endpoint's keys apart from another's in a shared table (e.g. "transfer-out", "agent:<uuid>"). */
  scope?: string;
  /** What "the same request" means: the parsed body and anything else that shapes the answer. */
  body: unknown;
}

export interface IdempotentStore<Row extends { requestDigest: string | null }, T> {
  /** The row stored under this key (already scoped), if any. */
  find(storedKey: string): Promise<Row | undefined>;
  /** The unique index that refuses a concurrent second insert under the same key. */
  uniqueIndex: string;
  /** The answer a replay gives. */
  answer(row: Row): T | Promise<T>;
}

/** The key as stored (scope-prefixed) and the body digest, for the row `create` inserts (both null without a key). */
export interface IdempotencyColumns {
  idempotencyKey: string | null;
  requestDigest: string | null;
}

/** Run `create` once per key: a replay answers from the stored row, a concurrent duplicate loses the race on the unique index. */
export async function idempotent<Row extends { requestDigest: string | null }, T>(
  req: IdempotentRequest,
  store: IdempotentStore<Row, T>,
  create: (columns: IdempotencyColumns) => Promise<T>,
): Promise<T> {
  const storedKey = req.key === null ? null : req.scope ? `${req.scope}:${req.key}` : req.key;
  // Compared only on a replay, which needs a key: without one, nothing would ever read it (≈ 10 µs of a payment).
  const requestDigest = storedKey === null ? null : canonicalDigest(req.body ?? null);
  const replay = async (): Promise<T | undefined> => {
    const prior = storedKey === null ? undefined : await store.find(storedKey);
    if (!prior) return undefined;
    if (prior.requestDigest !== requestDigest) {
      throw new ApiError(
        "IDEMPOTENCY_KEY_REUSED",
        `Idempotency-Key ${JSON.stringify(req.key)} was used with a different request body`,
        {
          idempotencyKey: req.key,
        },
      );
    }
    return store.answer(prior);
  };
  const prior = await replay();
  if (prior !== undefined) return prior;
  try {
    return await create({ idempotencyKey: storedKey, requestDigest });
  } catch (e) {
    if (storedKey !== null && isUniqueViolation(e, store.uniqueIndex)) {
      const winner = await replay();
      if (winner !== undefined) return winner;
    }
    throw e;
  }
}
