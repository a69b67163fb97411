/**
 * Step 10's writes: the claim of a PENDING request (a row lock), the one transaction that applies the effect and stores
 * the terminal answer with the request CONSUMED, and the statements it runs, each built once.
 */
import { and, eq, getTableColumns, type Placeholder, type SQL, sql } from "drizzle-orm";
import { transactionPipelines, type Tx } from "@/db/client";
import { columnPlaceholder, preparedInTransaction } from "@/db/prepared";
import { signedRequests } from "@/db/schema";
import { retryOnConflict } from "@/lib/server/money/retry-conflicts";
import type { ApiError } from "@/lib/server/core/errors";
import type { Reply } from "@/lib/server/core/reply";
import type { Retry } from "./judge-checks";
import type { SignedOperation, SignedRequestRow } from "./signed-operation";
import { candidateSessionsJson, type SessionCandidate } from "./signed-request-reads";

/** What the request's row keeps of the terminal answer; a resealing operation (export) keeps only its errors. */
function storedSuccess<I, C extends Record<string, unknown>>(op: SignedOperation<I, C>, result: Reply) {
  if (op.resealOnReplay) return { responseStatus: null, responseBody: null };
  return {
    responseStatus: result.status,
    responseBody: result.body === undefined ? null : JSON.parse(JSON.stringify(result.body)),
  };
}

export function storedFailure(e: ApiError) {
  return { outcome: e.code, responseStatus: e.status, responseBody: e.toBody() };
}

/** Request `id` of the retry's platform, PENDING and not expired: a request that can still be accepted. */
export function claimable<I, C extends Record<string, unknown>>(r: Retry<I, C>, id: string) {
  return pendingRequest(id, r.call.platform.id);
}

/** Request `id` of platform `platformId`, PENDING and not expired (values, or placeholders of a statement built once). */
function pendingRequest(id: string | Placeholder, platformId: string | Placeholder) {
  return and(
    eq(signedRequests.id, id),
    eq(signedRequests.platformId, platformId),
    eq(signedRequests.state, "PENDING"),
    sql`${signedRequests.expiresAt} > now()`,
  );
}

/** The columns set when a retry's stamp accepts and consumes a request in one step (its values or placeholders). */
function consumedColumns(stamp: { signer: string | SQL; signature: string | SQL; stampDigest: string | SQL }) {
  return {
    state: "CONSUMED" as const,
    acceptedAt: sql`now()`,
    settleAt: sql`now()`,
    consumedAt: sql`now()`,
    acceptedSigner: stamp.signer,
    acceptedSignature: stamp.signature,
    acceptedStampDigest: stamp.stampDigest,
  };
}

/** The columns set when the retry `r` accepts and consumes a request in one step. */
export function consumedBy<I, C extends Record<string, unknown>>(r: Retry<I, C>) {
  return consumedColumns({ signer: r.stamp.publicKey, signature: r.stamp.signature, stampDigest: r.stampDigest });
}

/** The claim's condition, built once: `pendingRequest` on placeholders `id` and `platformId`. */
const lockable = () => pendingRequest(sql.placeholder("id"), sql.placeholder("platformId"));

/** The locked row's columns, and the transaction's `now()`: the time the request will be stored as accepted and consumed at. */
const lockedColumns = () => ({
  ...getTableColumns(signedRequests),
  claimedAt: sql<Date>`now()`.mapWith(signedRequests.consumedAt),
});

/**
 * The claim, built once: request `id` of platform `platformId`, PENDING and not expired, read and row-locked
 * (`FOR NO KEY UPDATE`, the lock an UPDATE of its columns takes) with the transaction's `now()`.
 */
const claimWithSessions = preparedInTransaction((db) =>
  db
    .select({ ...lockedColumns(), sessions: candidateSessionsJson(sql.placeholder("publicKey")) })
    .from(signedRequests)
    .where(lockable())
    .for("no key update", { of: signedRequests })
    .prepare("signed_retry_claim_with_sessions"),
);

const claimOnly = preparedInTransaction((db) =>
  db
    .select(lockedColumns())
    .from(signedRequests)
    .where(lockable())
    .for("no key update", { of: signedRequests })
    .prepare("signed_retry_claim"),
);

/**
 * The claim: request `id` row-locked in `tx`, the transaction that applies the effect and then stores the request
 * CONSUMED with its answer (`consumeAndStore`, sent with the COMMIT). Of concurrent retries on any instances exactly
 * one gets the row: the others wait on its lock, and when the winner commits PostgreSQL re-checks their condition on
 * the row as committed (CONSUMED: no row, they answer from the stored row); when it rolls back (a refusal) the next
 * one gets the row still PENDING. Nothing of it holds unless `tx` commits. Locking instead of updating here writes
 * the row once per judgement instead of twice (bench/README.md "Signed retry"). The row comes back as it will be
 * stored, with the candidate sessions for the stamp's key (step 8) when asked (one round trip for both).
 */
export function claim<I, C extends Record<string, unknown>>(
  tx: Tx,
  r: Retry<I, C>,
  id: string,
  o: { withSessions: true },
): Promise<(SignedRequestRow & { sessions: SessionCandidate[] }) | undefined>;

export function claim<I, C extends Record<string, unknown>>(
  tx: Tx,
  r: Retry<I, C>,
  id: string,
  o: { withSessions: false },
): Promise<SignedRequestRow | undefined>;

export async function claim<I, C extends Record<string, unknown>>(
  tx: Tx,
  r: Retry<I, C>,
  id: string,
  o: { withSessions: boolean },
): Promise<(SignedRequestRow & { sessions?: SessionCandidate[] }) | undefined> {
  const values = { id, platformId: r.call.platform.id, publicKey: r.stamp.publicKey };
  const [row] = o.withSessions ? await claimWithSessions(tx).execute(values) : await claimOnly(tx).execute(values);
  if (!row) return undefined;
  const { claimedAt, ...locked } = row;
  // The row as `consumeAndStore` will write it, so that the effect sees the request as it commits.
  return {
    ...locked,
    state: "CONSUMED",
    outcome: "SUCCEEDED",
    acceptedSigner: r.stamp.publicKey,
    acceptedSignature: r.stamp.signature,
    acceptedStampDigest: r.stampDigest,
    acceptedAt: claimedAt,
    settleAt: claimedAt,
    consumedAt: claimedAt,
  };
}

/**
 * One transaction: `consume` claims the request (null when another retry won it) and makes the checks that must
 * hold with it; then the effect is applied and the answer stored (step 10), and only then is everything committed.
 * `how` says what `consume` did: `claimed`, the row locked still PENDING (the store makes it CONSUMED), or
 * `consumed`, a conditional UPDATE already made it CONSUMED (settling an accepted request). Null when `consume`
 * did not win.
 */
export async function consumeInTransaction<I, C extends Record<string, unknown>>(
  r: Retry<I, C>,
  how: "claimed" | "consumed",
  consume: (tx: Tx) => Promise<SignedRequestRow | undefined>,
): Promise<Reply | null> {
  // A deadlock victim or serialization failure runs again whole, as every money transaction does
  // (lib/server/transactions/money-transaction.ts): nothing of it committed, the claim included.
  const applied = await retryOnConflict(() =>
    r.db.transaction(async (tx) => {
      const won = await consume(tx);
      if (!won) return null;
      return applyAndStore(tx, r, how, won.context as C, won);
    }),
  );
  if (!applied) return null;
  await applied.stored;
  return applied.result;
}

/**
 * Step 10 inside the transaction `tx` that claimed or consumed the request `won`: apply the effect and store the
 * terminal answer (with the request CONSUMED when it was only claimed). Where the driver pipelines a transaction's
 * statements (PostgreSQL), the store's answer is not awaited here, so the UPDATE travels with the COMMIT that
 * follows: one round trip instead of two. The caller awaits `stored` once the transaction has resolved: if that
 * UPDATE failed, the transaction was aborted and its COMMIT rolled the effect and the claim back (the request stays
 * as it was), and that error is the answer.
 */
async function applyAndStore<I, C extends Record<string, unknown>>(
  tx: Tx,
  r: Retry<I, C>,
  how: "claimed" | "consumed",
  context: C,
  won: SignedRequestRow,
): Promise<{ result: Reply; stored: Promise<unknown> }> {
  const result = await r.op.execute(tx, r.call.input, context, won);
  const { responseStatus, responseBody } = storedSuccess(r.op, result);
  const answer = {
    id: won.id,
    status: responseStatus,
    // jsonb goes to the driver as its text, and SQL NULL as null (not the JSON null a column encoder would make of it).
    body: responseBody === null ? null : JSON.stringify(responseBody),
  };
  const stored =
    how === "claimed"
      ? consumeAndStore(tx).execute({
          ...answer,
          signer: r.stamp.publicKey,
          signature: r.stamp.signature,
          stampDigest: r.stampDigest,
        })
      : storeResult(tx).execute(answer);
  if (transactionPipelines()) stored.catch(() => {});
  else await stored;
  return { result, stored };
}

const storedAnswer = {
  responseStatus: columnPlaceholder(signedRequests.responseStatus, "status"),
  responseBody: sql`${sql.placeholder("body")}`,
};

/** Step 10's UPDATE storing the terminal answer of a request already CONSUMED, built once. */
const storeResult = preparedInTransaction((db) =>
  db
    .update(signedRequests)
    .set(storedAnswer)
    .where(eq(signedRequests.id, sql.placeholder("id")))
    .prepare("signed_retry_store_result"),
);

/**
 * Steps 9 and 10's one write of a claimed request, built once: CONSUMED by the retry's stamp, with its terminal
 * answer. The claim holds the row's lock, so the request is still the PENDING one that was judged.
 */
const consumeAndStore = preparedInTransaction((db) =>
  db
    .update(signedRequests)
    .set({
      ...consumedColumns({
        signer: columnPlaceholder(signedRequests.acceptedSigner, "signer"),
        signature: columnPlaceholder(signedRequests.acceptedSignature, "signature"),
        stampDigest: columnPlaceholder(signedRequests.acceptedStampDigest, "stampDigest"),
      }),
      outcome: "SUCCEEDED",
      ...storedAnswer,
    })
    .where(eq(signedRequests.id, sql.placeholder("id")))
    .prepare("signed_retry_consume_and_store"),
);
