import { and, eq, lte, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { signedRequests } from "@/db/schema";
import { sha256HexNative } from "@/lib/shared/crypto/node/digest";
import { ApiError, type ErrorCode } from "@/lib/server/core/errors";
import { reply, runtimeChecked, type Reply, type RuntimeCheckedReply } from "@/lib/server/core/reply";
import { parseId } from "@/lib/shared/ids";
import { settleDelayMs } from "@/lib/server/wallet-provider/settle-delay";
import { claim, claimable, consumedBy, consumeInTransaction, storedFailure } from "./consume-request";
import { createPending } from "./issue-challenge";
import {
  bodyDigest,
  checkBody,
  checkRequest,
  checkSigner,
  expired,
  parseStampOrThrow,
  type Retry,
  reused,
  sessionAllowed,
  signatureConflict,
} from "./judge-checks";
import {
  REPLAYED_HEADER,
  REQUEST_ID_HEADER,
  SIGNATURE_HEADER,
  type SignedCall,
  type SignedOperation,
  type SignedRequestRow,
} from "./signed-operation";
import { lookupRequest, readRequest, sessionsWithKey } from "./signed-request-reads";

const PROCESSING_BODY = {
  status: "PROCESSING" as const,
  message: "The wallet provider has accepted the operation and is settling it; re-send the identical request",
};

/**
 * Judge one request to a signed-retry endpoint, steps 3–10 of protocol.md "Signed retry" (steps 1–2,
 * platform authentication and body validation, are done by the handler wrapper before this runs).
 */
export async function runSignedRetry<I, C extends Record<string, unknown>>(
  op: SignedOperation<I, C>,
  call: SignedCall<I>,
): Promise<RuntimeCheckedReply> {
  // A stored terminal answer may be replayed: its body is known at run time only (the edge parses it).
  return runtimeChecked(await judgeRequest(op, call));
}

async function judgeRequest<I, C extends Record<string, unknown>>(
  op: SignedOperation<I, C>,
  call: SignedCall<I>,
): Promise<Reply> {
  const db = await getDb();
  const signature = call.headers.get(SIGNATURE_HEADER);
  const requestIdHeader = call.headers.get(REQUEST_ID_HEADER);
  // Step 3.
  if (signature === null && requestIdHeader === null) return createPending(db, op, call);
  // Step 4.
  if (signature === null)
    throw new ApiError(
      "WALLET_SIGNATURE_MISSING",
      `The retry carries ${REQUEST_ID_HEADER} but no ${SIGNATURE_HEADER} header`,
    );
  if (requestIdHeader === null)
    throw new ApiError(
      "REQUEST_ID_MISSING",
      `The retry carries ${SIGNATURE_HEADER} but no ${REQUEST_ID_HEADER} header`,
    );
  // Step 5.
  const stamp = parseStampOrThrow(signature);
  const r: Retry<I, C> = {
    db,
    op,
    call,
    stamp,
    stampDigest: sha256HexNative(signature),
    bodyDigest: bodyDigest(call.rawBody),
  };
  const requestId = parseId("Request", requestIdHeader.trim());
  // With no settle delay the provider settles at acceptance: the hot path claims the request first.
  if (requestId && settleDelayMs() === 0) {
    const answer = await claimAndJudge(r, requestId, requestIdHeader);
    if (answer) return answer;
  }
  return judge(r, requestId, requestIdHeader);
}

/**
 * The hot path when the provider settles at acceptance: steps 6–10 in one transaction on one connection
 * (bench/README.md "Signed retry"). Its first statement claims the request — a row lock on the PENDING,
 * unexpired request, of which exactly one of any concurrent retries on any instances wins (`claim`) — and reads
 * the candidate sessions for step 8 with it. The retry is then judged on the claimed row exactly as a PENDING
 * request is judged below (steps 6–9, step 9's re-checks inside this transaction), the effect applied and the
 * answer stored, and only then is the claim committed. A refusal rolls the claim back: the request stays
 * PENDING as if this retry had never come. A request that cannot be claimed (unknown, another platform's,
 * expired, accepted, consumed, or just won by a concurrent retry) answers null: judge it from its stored row.
 */
async function claimAndJudge<I, C extends Record<string, unknown>>(
  r: Retry<I, C>,
  requestId: string,
  requestIdHeader: string,
): Promise<Reply | null> {
  const { op, call, stamp } = r;
  let refusal: ApiError | undefined;
  let claimed: SignedRequestRow | undefined;
  try {
    return await consumeInTransaction(r, "claimed", async (tx) => {
      const row = await claim(tx, r, requestId, { withSessions: true });
      if (!row) return undefined;
      const { sessions, ...won } = row;
      claimed = won;
      try {
        // Step 6 (the claim already matched the platform, PENDING and not expired), then steps 7–9.
        checkRequest(won, op, call, requestIdHeader);
        checkBody(r, won);
        checkSigner(won, stamp, sessions);
        if (op.recheck) await op.recheck(call.input, won.context as C, tx);
      } catch (e) {
        if (e instanceof ApiError) refusal = e;
        throw e;
      }
      return won;
    });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (e === refusal) return afterRefusal(r, requestId, e);
    if (!claimed) throw e;
    // The effect refused (`execute` threw): its error is the terminal answer, stored with a consume of its own.
    return consumeWithFailure(r, claimed, e);
  }
}

/** Steps 6–10 judged from the request's stored row. */
async function judge<I, C extends Record<string, unknown>>(
  r: Retry<I, C>,
  requestId: string | null,
  requestIdHeader: string,
): Promise<Reply> {
  const { db, op, call, stamp } = r;
  // Steps 6 and 8 need two reads; they are one statement (the session list is only a candidate list,
  // judged after steps 6 and 7).
  const { request: found, sessions } = await lookupRequest(requestId, stamp.publicKey);
  // Step 6.
  const row = checkRequest(found, op, call, requestIdHeader);
  // Step 10 (revised): a consumed request answers its stored result to an identical re-send, 401 to anything else.
  if (row.state === "CONSUMED") return replay(r, row);
  // Step 7.
  checkBody(r, row);
  const context = row.context as C;
  if (row.state === "ACCEPTED") {
    // The stamp was judged at acceptance: only the identical one may follow, and the signer's session is
    // checked again when the provider settles (a revoked one ends the request with SESSION_REVOKED).
    if (row.acceptedSigner !== stamp.publicKey || row.acceptedSignature !== stamp.signature) throw signatureConflict();
    return settle(r, row);
  }
  try {
    // Step 8.
    checkSigner(row, stamp, sessions);
    // Step 9 (re-checked refusals).
    if (op.recheck) await op.recheck(call.input, context, db);
  } catch (e) {
    if (e instanceof ApiError) return afterRefusal(r, row.id, e);
    throw e;
  }
  // With no settle delay the provider settles at acceptance: accept, settle and consume are one claim
  // in the transaction that applies the effect (exactly one winner all the same).
  if (settleDelayMs() === 0) return acceptAndConsume(r, row);
  const lost = await accept(r, row);
  if (lost) return lost;
  // Step 10.
  return settle(r, row);
}

/**
 * Steps 8–9 refused a retry of a PENDING request. A concurrent identical retry may have consumed the request
 * since it was read (and its effect may be what made the check fail, e.g. a refreshed session): answer as to
 * any re-send of a consumed request; otherwise the refusal stands.
 */
async function afterRefusal<I, C extends Record<string, unknown>>(
  r: Retry<I, C>,
  id: string,
  refusal: ApiError,
): Promise<Reply> {
  const now = await readRequest(r.db, id);
  if (now?.state === "CONSUMED") return replay(r, now);
  throw refusal;
}

/**
 * A retry naming a CONSUMED request (protocol.md step 10, revised): an identical re-send (byte-identical
 * stamp header, same canonical body) before expiresAt gets the stored terminal response again, marked
 * `Signed-Request-Replayed: true`; export seals the same wallet afresh instead. Anything else is a reuse.
 */
async function replay<I, C extends Record<string, unknown>>(
  { db, op, call, stampDigest, bodyDigest }: Retry<I, C>,
  row: SignedRequestRow,
): Promise<Reply> {
  const identical = row.acceptedStampDigest === stampDigest && row.bodyDigest === bodyDigest;
  if (!identical || row.expiresAt.getTime() <= Date.now()) throw reused(row.id);
  const headers = { [REPLAYED_HEADER]: "true" };
  if (row.responseStatus !== null) {
    if (row.responseStatus >= 400) {
      const e = row.responseBody as { code: ErrorCode; message: string; details?: Record<string, unknown> };
      throw new ApiError(e.code, e.message, e.details, headers);
    }
    return reply(row.responseStatus, row.responseBody ?? undefined, headers);
  }
  if (op.resealOnReplay && row.outcome === "SUCCEEDED") {
    const fresh = await db.transaction((tx) => op.execute(tx, call.input, row.context as C, row));
    return { ...fresh, headers: { ...fresh.headers, ...headers } };
  }
  // Consumed before results were stored (rows older than this mechanism).
  throw reused(row.id);
}

/**
 * Another retry changed the request since it was read (a lost race): answer as that state requires.
 * Returns null when the request is ACCEPTED with this very stamp (the caller goes on settling it).
 */
async function afterLostRace<I, C extends Record<string, unknown>>(r: Retry<I, C>, id: string): Promise<Reply | null> {
  const now = await readRequest(r.db, id);
  // The row was claimed by another judgement a moment ago and rows are swept only long after they expire.
  if (!now) throw new Error(`signed request ${id} vanished after a lost race`);
  if (now.state === "PENDING") throw expired(now);
  if (now.state === "CONSUMED") return replay(r, now);
  if (now.acceptedSigner !== r.stamp.publicKey || now.acceptedSignature !== r.stamp.signature)
    throw signatureConflict();
  return null;
}

/** Step 9: PENDING → ACCEPTED in one conditional UPDATE; a loser of a race gets the answer its state requires. */
async function accept<I, C extends Record<string, unknown>>(
  r: Retry<I, C>,
  row: SignedRequestRow,
): Promise<Reply | null> {
  const delaySeconds = settleDelayMs() / 1000;
  const [won] = await r.db
    .update(signedRequests)
    .set({
      state: "ACCEPTED",
      acceptedAt: sql`now()`,
      settleAt: sql`now() + make_interval(secs => ${delaySeconds})`,
      acceptedSigner: r.stamp.publicKey,
      acceptedSignature: r.stamp.signature,
      acceptedStampDigest: r.stampDigest,
    })
    .where(claimable(r, row.id))
    .returning({ id: signedRequests.id });
  if (won) return null;
  return afterLostRace(r, row.id);
}

/**
 * Steps 9 and 10 at once when the provider settles immediately, for a retry judged from its stored row:
 * the claim (the PENDING request locked, then written CONSUMED) inside the transaction that applies the effect and
 * stores the terminal response.
 */
async function acceptAndConsume<I, C extends Record<string, unknown>>(
  r: Retry<I, C>,
  row: SignedRequestRow,
): Promise<Reply> {
  try {
    const result = await consumeInTransaction(r, "claimed", (tx) => claim(tx, r, row.id, { withSessions: false }));
    if (result) return result;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return consumeWithFailure(r, row, e);
  }
  return (await afterLostRace(r, row.id)) ?? settle(r, row);
}

/** The effect refused with `failure`: consume the request with that terminal answer, unless another retry won it. */
async function consumeWithFailure<I, C extends Record<string, unknown>>(
  r: Retry<I, C>,
  row: SignedRequestRow,
  failure: ApiError,
): Promise<Reply> {
  const [won] = await r.db
    .update(signedRequests)
    .set({ ...consumedBy(r), ...storedFailure(failure) })
    .where(claimable(r, row.id))
    .returning({ id: signedRequests.id });
  if (won) throw failure;
  return (await afterLostRace(r, row.id)) ?? settle(r, row);
}

/**
 * Step 10: the one transaction that moves the request from settled to CONSUMED applies the effect and
 * stores the terminal response. A signer whose session was revoked meanwhile ends it with SESSION_REVOKED.
 */
async function settle<I, C extends Record<string, unknown>>(r: Retry<I, C>, row: SignedRequestRow): Promise<Reply> {
  const { db } = r;
  const consumable = and(
    eq(signedRequests.id, row.id),
    eq(signedRequests.state, "ACCEPTED"),
    lte(signedRequests.settleAt, sql`now()`),
  );
  let failure: ApiError | undefined;
  try {
    const result = await consumeInTransaction(r, "consumed", async (tx) => {
      const [won] = await tx
        .update(signedRequests)
        .set({ state: "CONSUMED", consumedAt: sql`now()`, outcome: "SUCCEEDED" })
        .where(consumable)
        .returning();
      if (won) await checkSignerStillActive(tx, won);
      return won;
    });
    if (result) return result;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    failure = e;
  }
  if (failure) {
    const [won] = await db
      .update(signedRequests)
      .set({ state: "CONSUMED", consumedAt: sql`now()`, ...storedFailure(failure) })
      .where(consumable)
      .returning({ id: signedRequests.id });
    if (won) throw failure;
  }
  const after = await afterLostRace(r, row.id);
  return after ?? reply(200, PROCESSING_BODY);
}

/** A session signer must still hold an active session when the provider settles (protocol.md step 10). */
async function checkSignerStillActive(tx: Tx, request: SignedRequestRow): Promise<void> {
  const rule = request.signer;
  if (rule.kind !== "SESSION" || !request.acceptedSigner) return;
  if (sessionAllowed(rule, await sessionsWithKey(tx, request.acceptedSigner))) return;
  throw new ApiError(
    "UNAUTHORIZED",
    "The signer's session was revoked before the wallet provider settled the request",
    {
      reason: "SESSION_REVOKED",
    },
  );
}
