import { and, eq, getTableColumns, lte, sql, type Placeholder } from "drizzle-orm";
import { getDb, transactionPipelines, type DbOrTx, type Tx } from "@/db/client";
import { preparedInTransaction, preparedQuery } from "@/db/prepared";
import { authSessions, signedRequests } from "@/db/schema";
import { retryOnConflict } from "@/lib/money/retry-conflicts";
import { canonicalJson, normalizePublicKeyHex, parseStamp } from "@/lib/crypto";
import { sha256HexNative } from "@/lib/crypto-node/digest";
import { verifyStampNative } from "@/lib/crypto-node/verify";
import { ApiError, type ErrorCode } from "@/lib/api-core/errors";
import { reply, runtimeChecked, type Reply, type RuntimeCheckedReply } from "@/lib/api-core/reply";
import { formatId, newId, parseId } from "@/lib/ids";
import { settleDelayMs } from "@/lib/wallet-provider/settle-delay";
import {
  type Prepared,
  REPLAYED_HEADER,
  REQUEST_ID_HEADER,
  REQUEST_TTL_MS,
  SIGNATURE_HEADER,
  type SignedCall,
  type SignedOperation,
  type SignedRequestRow,
  type SignerRule,
} from "./signed-operation";

type Stamp = ReturnType<typeof parseStamp>;

const PROCESSING_BODY = {
  status: "PROCESSING" as const,
  message: "The wallet provider has accepted the operation and is settling it; re-send the identical request",
};

/** The canonical digest of a request body (lib/crypto `canonicalDigest`, hashed natively); an absent body counts as `{}`. */
function bodyDigest(rawBody: unknown): string {
  return sha256HexNative(canonicalJson(rawBody === undefined || rawBody === null ? {} : rawBody));
}

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

/** Step 7: the retry's body must be the first call's. */
function checkBody<I, C extends Record<string, unknown>>(r: Retry<I, C>, row: SignedRequestRow): void {
  if (r.bodyDigest !== row.bodyDigest) {
    throw new ApiError("WALLET_SIGNATURE_BODY_MISMATCH", "The retry's body differs from the body of the first call", {
      expectedBodyDigest: row.bodyDigest,
      receivedBodyDigest: r.bodyDigest,
    });
  }
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

/** One retry being judged: the operation, the call, and what it carries that is compared with the stored request. */
interface Retry<I, C extends Record<string, unknown>> {
  db: DbOrTx;
  op: SignedOperation<I, C>;
  call: SignedCall<I>;
  stamp: Stamp;
  /** sha256 hex of the `Service-Wallet-Signature` header as received. */
  stampDigest: string;
  bodyDigest: string;
}

/** What the request's row keeps of the terminal answer; a resealing operation (export) keeps only its errors. */
function storedSuccess<I, C extends Record<string, unknown>>(op: SignedOperation<I, C>, result: Reply) {
  if (op.resealOnReplay) return { responseStatus: null, responseBody: null };
  return {
    responseStatus: result.status,
    responseBody: result.body === undefined ? null : JSON.parse(JSON.stringify(result.body)),
  };
}

function storedFailure(e: ApiError) {
  return { outcome: e.code, responseStatus: e.status, responseBody: e.toBody() };
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

async function createPending<I, C extends Record<string, unknown>>(
  db: DbOrTx,
  op: SignedOperation<I, C>,
  call: SignedCall<I>,
): Promise<Reply> {
  const prepared = await op.prepare(call.input, db);
  return insertChallenge(db, prepared, {
    platformId: call.platform.id,
    organizationId: call.platform.publicId,
    operation: op.name,
    activityType: op.activityType,
    method: call.method,
    path: call.path,
    bodyDigest: bodyDigest(call.rawBody),
  });
}

/**
 * A further leg of a multi-leg operation (delegated keys: Grid's three-leg create): from `execute` of the
 * request just consumed, issue a new PENDING request for the same operation, method, path and body, with
 * its own `parameters` (another activity type) and context, and answer its 202. The 202 is the consumed
 * request's stored terminal answer, so an identical re-send of that leg gets the same next challenge.
 */
export function issueNextLeg(
  tx: Tx,
  consumed: SignedRequestRow,
  next: { organizationId: string; activityType: string; prepared: Prepared<Record<string, unknown>> },
): Promise<Reply> {
  return insertChallenge(tx, next.prepared, {
    platformId: consumed.platformId,
    organizationId: next.organizationId,
    operation: consumed.operation,
    activityType: next.activityType,
    method: consumed.method,
    path: consumed.path,
    bodyDigest: consumed.bodyDigest,
  });
}

async function insertChallenge(
  db: DbOrTx,
  prepared: Prepared<Record<string, unknown>>,
  bound: {
    platformId: string;
    organizationId: string;
    operation: string;
    activityType: string;
    method: string;
    path: string;
    bodyDigest: string;
  },
): Promise<Reply> {
  const { uuid, id } = newId("Request");
  const now = Date.now();
  const expiresAt = new Date(now + REQUEST_TTL_MS);
  const payloadToSign = canonicalJson({
    organizationId: bound.organizationId,
    parameters: prepared.parameters,
    requestId: id,
    timestampMs: String(now),
    type: bound.activityType,
  });
  await db.insert(signedRequests).values({
    id: uuid,
    platformId: bound.platformId,
    accountId: prepared.accountId,
    operation: bound.operation,
    method: bound.method,
    path: bound.path,
    bodyDigest: bound.bodyDigest,
    payload: payloadToSign,
    credentialType: prepared.credentialType ?? null,
    signer: prepared.signer as unknown as Record<string, unknown>,
    context: prepared.context,
    state: "PENDING",
    expiresAt,
  });
  const body: Record<string, unknown> = { payloadToSign, requestId: id, expiresAt: expiresAt.toISOString() };
  if (prepared.credentialType) body.type = prepared.credentialType;
  return reply(202, body);
}

function parseStampOrThrow(header: string): Stamp {
  try {
    // parseStamp answers the key normalized (compressed, lowercase).
    return parseStamp(header);
  } catch (e) {
    const reason = (e as { reason?: string }).reason ?? "PUBLIC_KEY_INVALID";
    throw new ApiError(
      "WALLET_SIGNATURE_MALFORMED",
      `The ${SIGNATURE_HEADER} header cannot be parsed: ${(e as Error).message}`,
      { reason },
    );
  }
}

async function readRequest(db: DbOrTx, id: string): Promise<SignedRequestRow | undefined> {
  const [now] = await db.select().from(signedRequests).where(eq(signedRequests.id, id)).limit(1);
  return now;
}

function expired(row: SignedRequestRow): ApiError {
  return requestIdUnauthorized(
    "REQUEST_ID_EXPIRED",
    `${REQUEST_ID_HEADER} ${formatId("Request", row.id)} expired at ${row.expiresAt.toISOString()}`,
  );
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

function reused(id: string): ApiError {
  return requestIdUnauthorized(
    "REQUEST_ID_REUSED",
    `${REQUEST_ID_HEADER} ${formatId("Request", id)} has already been used`,
  );
}

/** The request was accepted with another stamp: only an identical re-send may follow (docs/protocol.md). */
function signatureConflict(): ApiError {
  return new ApiError(
    "CONFLICT",
    "This request was already accepted with another signature; re-send the identical request",
    {
      reason: "SIGNATURE_DIFFERS_FROM_ACCEPTED",
    },
  );
}

function requestIdUnauthorized(reason: string, message: string): ApiError {
  return new ApiError("UNAUTHORIZED", message, { reason });
}

type SessionCandidate = { id: string; accountId: string; authMethodId: string };

/** The active sessions whose key is `publicKey` (candidates for step 8), at most 50, as a json array. */
const candidateSessionsJson = (publicKey: unknown) => sql<SessionCandidate[]>`(
  select coalesce(json_agg(c), '[]'::json) from (
    select ${authSessions.id} as "id", ${authSessions.accountId} as "accountId", ${authSessions.authMethodId} as "authMethodId"
    from ${authSessions}
    where ${authSessions.publicKey} = ${publicKey} and ${authSessions.revokedAt} is null and ${authSessions.expiresAt} > now()
    limit 50
  ) c
)`;

/**
 * Steps 6 and 8 read the `Request-Id` row and the candidate sessions for the stamp's key: one statement (the
 * sessions as a json array next to the row), prepared once per database handle, so one round trip and no
 * query building on the hot path (bench/README.md "Signed retry").
 */
const requestWithSessions = preparedQuery((db) =>
  db
    .select({ request: signedRequests, sessions: candidateSessionsJson(sql.placeholder("publicKey")) })
    .from(signedRequests)
    .where(eq(signedRequests.id, sql.placeholder("id")))
    .limit(1)
    .prepare("signed_retry_request_with_sessions"),
);

async function lookupRequest(
  id: string | null,
  publicKey: string,
): Promise<{ request?: SignedRequestRow; sessions: SessionCandidate[] }> {
  if (!id) return { sessions: [] };
  const [found] = await (await requestWithSessions()).execute({ id, publicKey });
  return found ?? { sessions: [] };
}

/** Active sessions whose key is the stamp's key (candidates for step 8), read again when the provider settles. */
function sessionsWithKey(db: DbOrTx, publicKey: string): Promise<SessionCandidate[]> {
  return db
    .select({ id: authSessions.id, accountId: authSessions.accountId, authMethodId: authSessions.authMethodId })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.publicKey, publicKey),
        sql`${authSessions.revokedAt} is null`,
        sql`${authSessions.expiresAt} > now()`,
      ),
    )
    .limit(50)
    .prepare("signed_retry_sessions_with_key")
    .execute();
}

function checkRequest<I, C extends Record<string, unknown>>(
  row: SignedRequestRow | undefined,
  op: SignedOperation<I, C>,
  call: SignedCall<I>,
  header: string,
): SignedRequestRow {
  // Another platform's request reads exactly like an unknown one.
  if (!row || row.platformId !== call.platform.id)
    throw requestIdUnauthorized("REQUEST_ID_UNKNOWN", `${REQUEST_ID_HEADER} ${header.slice(0, 80)} is unknown`);
  if (row.operation !== op.name || row.method !== call.method || row.path !== call.path) {
    throw requestIdUnauthorized(
      "REQUEST_ID_MISMATCH",
      `${REQUEST_ID_HEADER} was issued for ${row.method} ${row.path}, not for ${call.method} ${call.path}`,
    );
  }
  const account = op.accountOf?.(call.input);
  if (account !== undefined && account !== row.accountId) {
    throw requestIdUnauthorized(
      "REQUEST_ID_MISMATCH",
      `${REQUEST_ID_HEADER} was issued for account ${row.accountId ? formatId("InternalAccount", row.accountId) : "(none)"}, not for ${account ? formatId("InternalAccount", account) : "the account named"}`,
    );
  }
  // Expiry bounds the time to sign; once accepted, identical re-sends may arrive while the provider settles.
  if (row.state === "PENDING" && row.expiresAt.getTime() <= Date.now()) throw expired(row);
  return row;
}

function sessionAllowed(rule: Extract<SignerRule, { kind: "SESSION" }>, sessions: SessionCandidate[]): boolean {
  return sessions.some(
    (s) =>
      s.accountId === rule.accountId &&
      (!rule.sessionId || s.id === rule.sessionId) &&
      (!rule.excludeAuthMethodId || s.authMethodId !== rule.excludeAuthMethodId),
  );
}

function checkSigner(row: SignedRequestRow, stamp: Stamp, sessions: SessionCandidate[]): void {
  const rule = row.signer as unknown as SignerRule;
  if (rule.kind === "KEY") {
    if (normalizePublicKeyHex(rule.publicKey) !== stamp.publicKey) {
      throw new ApiError("WALLET_SIGNATURE_INVALID", "The signer is not the key this request must be signed with", {
        reason: "SIGNER_NOT_ALLOWED",
        expectedPublicKey: normalizePublicKeyHex(rule.publicKey),
        receivedPublicKey: stamp.publicKey,
      });
    }
  } else {
    if (!sessionAllowed(rule, sessions)) {
      const expected = rule.sessionId
        ? `the key of active session ${formatId("Session", rule.sessionId)}`
        : rule.excludeAuthMethodId
          ? `the key of an active session of account ${formatId("InternalAccount", rule.accountId)} issued by a credential other than ${formatId("AuthMethod", rule.excludeAuthMethodId)}`
          : `the key of an active session of account ${formatId("InternalAccount", rule.accountId)}`;
      throw new ApiError("WALLET_SIGNATURE_INVALID", `The signer is not allowed: expected ${expected}`, {
        reason: "SIGNER_NOT_ALLOWED",
        receivedPublicKey: stamp.publicKey,
      });
    }
  }
  if (!verifyStampNative(stamp, row.payload)) {
    throw new ApiError(
      "WALLET_SIGNATURE_INVALID",
      "The signature does not verify over payloadToSign with the stamp's public key",
      {
        reason: "SIGNATURE_MISMATCH",
      },
    );
  }
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

/** Request `id` of the retry's platform, PENDING and not expired: a request that can still be accepted. */
function claimable<I, C extends Record<string, unknown>>(r: Retry<I, C>, id: string) {
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
function consumedColumns(stamp: { signer: string; signature: string; stampDigest: string }) {
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
function consumedBy<I, C extends Record<string, unknown>>(r: Retry<I, C>) {
  return consumedColumns({ signer: r.stamp.publicKey, signature: r.stamp.signature, stampDigest: r.stampDigest });
}

/** A placeholder of a statement built once (`preparedInTransaction`), typed as the column value it stands for. */
const placeholder = <T = string>(name: string) => sql.placeholder(name) as unknown as T;

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
function claim<I, C extends Record<string, unknown>>(
  tx: Tx,
  r: Retry<I, C>,
  id: string,
  o: { withSessions: true },
): Promise<(SignedRequestRow & { sessions: SessionCandidate[] }) | undefined>;
function claim<I, C extends Record<string, unknown>>(
  tx: Tx,
  r: Retry<I, C>,
  id: string,
  o: { withSessions: false },
): Promise<SignedRequestRow | undefined>;
async function claim<I, C extends Record<string, unknown>>(
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
async function consumeInTransaction<I, C extends Record<string, unknown>>(
  r: Retry<I, C>,
  how: "claimed" | "consumed",
  consume: (tx: Tx) => Promise<SignedRequestRow | undefined>,
): Promise<Reply | null> {
  // A deadlock victim or serialization failure runs again whole, as every money transaction does
  // (lib/transactions/transitions.ts moneyTransaction): nothing of it committed, the claim included.
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
  responseStatus: placeholder<number | null>("status"),
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
        signer: placeholder("signer"),
        signature: placeholder("signature"),
        stampDigest: placeholder("stampDigest"),
      }),
      outcome: "SUCCEEDED",
      ...storedAnswer,
    })
    .where(eq(signedRequests.id, sql.placeholder("id")))
    .prepare("signed_retry_consume_and_store"),
);

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
  const rule = request.signer as unknown as SignerRule;
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
