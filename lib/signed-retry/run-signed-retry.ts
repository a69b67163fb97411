import { and, eq, lte, sql } from "drizzle-orm";
import { getDb, type DbOrTx, type Tx } from "@/db/client";
import { authSessions, signedRequests } from "@/db/schema";
import { canonicalDigest, canonicalJson, normalizePublicKeyHex, parseStamp, sha256Hex } from "@/lib/crypto";
import { verifyStampNative } from "@/lib/crypto-node/verify";
import { ApiError, type ErrorCode } from "@/lib/api-core/errors";
import { reply, type Reply } from "@/lib/api-core/reply";
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

export const PROCESSING_BODY = {
  status: "PROCESSING" as const,
  message: "The wallet provider has accepted the operation and is settling it; re-send the identical request",
};

/** The canonical digest of a request body; an absent body counts as `{}`. */
export function bodyDigest(rawBody: unknown): string {
  return canonicalDigest(rawBody === undefined || rawBody === null ? {} : rawBody);
}

/**
 * Judge one request to a signed-retry endpoint, steps 3–10 of protocol.md "Signed retry" (steps 1–2,
 * platform authentication and body validation, are done by the handler wrapper before this runs).
 */
export async function runSignedRetry<I, C extends Record<string, unknown>>(op: SignedOperation<I, C>, call: SignedCall<I>): Promise<Reply> {
  const db = await getDb();
  const signature = call.headers.get(SIGNATURE_HEADER);
  const requestIdHeader = call.headers.get(REQUEST_ID_HEADER);
  // Step 3.
  if (signature === null && requestIdHeader === null) return createPending(db, op, call);
  // Step 4.
  if (signature === null)
    throw new ApiError("WALLET_SIGNATURE_MISSING", `The retry carries ${REQUEST_ID_HEADER} but no ${SIGNATURE_HEADER} header`);
  if (requestIdHeader === null)
    throw new ApiError("REQUEST_ID_MISSING", `The retry carries ${SIGNATURE_HEADER} but no ${REQUEST_ID_HEADER} header`);
  // Step 5.
  const stamp = parseStampOrThrow(signature);
  const r: Retry<I, C> = { db, op, call, stamp, stampDigest: sha256Hex(signature), bodyDigest: bodyDigest(call.rawBody) };
  // Steps 6 and 8 need two reads; they run concurrently (the session read is only a candidate list,
  // judged after steps 6 and 7), which saves a round trip on the hot path.
  const [found, sessions] = await Promise.all([lookupRequest(db, requestIdHeader), sessionsWithKey(db, stamp.publicKey)]);
  // Step 6.
  const row = checkRequest(found, op, call, requestIdHeader);
  // Step 10 (revised): a consumed request answers its stored result to an identical re-send, 401 to anything else.
  if (row.state === "CONSUMED") return replay(r, row);
  // Step 7.
  if (r.bodyDigest !== row.bodyDigest) {
    throw new ApiError("WALLET_SIGNATURE_BODY_MISMATCH", "The retry's body differs from the body of the first call", {
      expectedBodyDigest: row.bodyDigest,
      receivedBodyDigest: r.bodyDigest,
    });
  }
  const context = row.context as C;
  if (row.state === "ACCEPTED") {
    // The stamp was judged at acceptance: only the identical one may follow, and the signer's session is
    // checked again when the provider settles (a revoked one ends the request with SESSION_REVOKED).
    if (row.acceptedSigner !== stamp.publicKey || row.acceptedSignature !== stamp.signature) throw signatureConflict();
    return settle(r, row, context);
  }
  try {
    // Step 8.
    checkSigner(row, stamp, sessions);
    // Step 9 (re-checked refusals).
    if (op.recheck) await op.recheck(call.input, context, db);
  } catch (e) {
    // A concurrent identical retry may have consumed the request since it was read (and its effect may be
    // what made this check fail, e.g. a refreshed session): answer as to any re-send of a consumed request.
    if (e instanceof ApiError) {
      const now = await readRequest(db, row.id);
      if (now?.state === "CONSUMED") return replay(r, now);
    }
    throw e;
  }
  // With no settle delay the provider settles at acceptance: accept, settle and consume are one
  // conditional UPDATE in the transaction that applies the effect (exactly one winner all the same).
  if (settleDelayMs() === 0) return acceptAndConsume(r, row, context);
  const lost = await accept(r, row);
  if (lost) return lost;
  // Step 10.
  return settle(r, row, context);
}

/** One retry being judged: the operation, the call, and what it carries that is compared with the stored request. */
interface Retry<I, C extends Record<string, unknown>> {
  db: DbOrTx;
  op: SignedOperation<I, C>;
  call: SignedCall<I>;
  stamp: Stamp & { publicKey: string };
  /** sha256 hex of the `Service-Wallet-Signature` header as received. */
  stampDigest: string;
  bodyDigest: string;
}

/** What the request's row keeps of the terminal answer; a resealing operation (export) keeps only its errors. */
function storedSuccess<I, C extends Record<string, unknown>>(op: SignedOperation<I, C>, result: Reply) {
  if (op.resealOnReplay) return { responseStatus: null, responseBody: null };
  return { responseStatus: result.status, responseBody: result.body === undefined ? null : JSON.parse(JSON.stringify(result.body)) };
}

function storedFailure(e: ApiError) {
  return { outcome: e.code, responseStatus: e.status, responseBody: e.toBody() };
}

/**
 * A retry naming a CONSUMED request (protocol.md step 10, revised): an identical re-send (byte-identical
 * stamp header, same canonical body) before expiresAt gets the stored terminal response again, marked
 * `Signed-Request-Replayed: true`; export seals the same wallet afresh instead. Anything else is a reuse.
 */
async function replay<I, C extends Record<string, unknown>>({ db, op, call, stampDigest, bodyDigest }: Retry<I, C>, row: SignedRequestRow): Promise<Reply> {
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

async function createPending<I, C extends Record<string, unknown>>(db: DbOrTx, op: SignedOperation<I, C>, call: SignedCall<I>): Promise<Reply> {
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
  bound: { platformId: string; organizationId: string; operation: string; activityType: string; method: string; path: string; bodyDigest: string },
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

function parseStampOrThrow(header: string): Stamp & { publicKey: string } {
  try {
    const stamp = parseStamp(header);
    return { ...stamp, publicKey: normalizePublicKeyHex(stamp.publicKey) };
  } catch (e) {
    const reason = (e as { reason?: string }).reason ?? "PUBLIC_KEY_INVALID";
    throw new ApiError("WALLET_SIGNATURE_MALFORMED", `The ${SIGNATURE_HEADER} header cannot be parsed: ${(e as Error).message}`, { reason });
  }
}

async function readRequest(db: DbOrTx, id: string): Promise<SignedRequestRow | undefined> {
  const [now] = await db.select().from(signedRequests).where(eq(signedRequests.id, id)).limit(1);
  return now;
}

function expired(row: SignedRequestRow): ApiError {
  return requestIdUnauthorized("REQUEST_ID_EXPIRED", `${REQUEST_ID_HEADER} ${formatId("Request", row.id)} expired at ${row.expiresAt.toISOString()}`);
}

/**
 * Another retry changed the request since it was read (a lost race): answer as that state requires.
 * Returns null when the request is ACCEPTED with this very stamp (the caller goes on settling it).
 */
async function afterLostRace<I, C extends Record<string, unknown>>(r: Retry<I, C>, id: string): Promise<Reply | null> {
  const now = (await readRequest(r.db, id))!;
  if (now.state === "PENDING") throw expired(now);
  if (now.state === "CONSUMED") return replay(r, now);
  if (now.acceptedSigner !== r.stamp.publicKey || now.acceptedSignature !== r.stamp.signature) throw signatureConflict();
  return null;
}

function reused(id: string): ApiError {
  return requestIdUnauthorized("REQUEST_ID_REUSED", `${REQUEST_ID_HEADER} ${formatId("Request", id)} has already been used`);
}

/** The request was accepted with another stamp: only an identical re-send may follow (docs/protocol.md). */
function signatureConflict(): ApiError {
  return new ApiError("CONFLICT", "This request was already accepted with another signature; re-send the identical request", {
    reason: "SIGNATURE_DIFFERS_FROM_ACCEPTED",
  });
}

function requestIdUnauthorized(reason: string, message: string): ApiError {
  return new ApiError("UNAUTHORIZED", message, { reason });
}

async function lookupRequest(db: DbOrTx, header: string): Promise<SignedRequestRow | undefined> {
  const uuid = parseId("Request", header.trim());
  if (!uuid) return undefined;
  // Prepared (named) statements: the hot path skips PostgreSQL's parse and plan (bench/README.md).
  const [row] = await db.select().from(signedRequests).where(eq(signedRequests.id, uuid)).limit(1).prepare("signed_retry_lookup").execute();
  return row;
}

type SessionCandidate = { id: string; accountId: string; authMethodId: string };

/** Active sessions whose key is the stamp's key (candidates for step 8). */
function sessionsWithKey(db: DbOrTx, publicKey: string): Promise<SessionCandidate[]> {
  return db
    .select({ id: authSessions.id, accountId: authSessions.accountId, authMethodId: authSessions.authMethodId })
    .from(authSessions)
    .where(and(eq(authSessions.publicKey, publicKey), sql`${authSessions.revokedAt} is null`, sql`${authSessions.expiresAt} > now()`))
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

function checkSigner(row: SignedRequestRow, stamp: Stamp & { publicKey: string }, sessions: SessionCandidate[]): void {
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
    throw new ApiError("WALLET_SIGNATURE_INVALID", "The signature does not verify over payloadToSign with the stamp's public key", {
      reason: "SIGNATURE_MISMATCH",
    });
  }
}

/** Step 9: PENDING → ACCEPTED in one conditional UPDATE; a loser of a race gets the answer its state requires. */
async function accept<I, C extends Record<string, unknown>>(r: Retry<I, C>, row: SignedRequestRow): Promise<Reply | null> {
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
    .where(and(eq(signedRequests.id, row.id), eq(signedRequests.state, "PENDING"), sql`${signedRequests.expiresAt} > now()`))
    .returning({ id: signedRequests.id });
  if (won) return null;
  return afterLostRace(r, row.id);
}

/**
 * Steps 9 and 10 at once when the provider settles immediately: PENDING → CONSUMED in one conditional
 * UPDATE inside the transaction that applies the effect and stores the terminal response.
 */
async function acceptAndConsume<I, C extends Record<string, unknown>>(r: Retry<I, C>, row: SignedRequestRow, context: C): Promise<Reply> {
  const { db, op, call } = r;
  const winnable = and(eq(signedRequests.id, row.id), eq(signedRequests.state, "PENDING"), sql`${signedRequests.expiresAt} > now()`);
  const consumed = {
    state: "CONSUMED" as const,
    acceptedAt: sql`now()`,
    settleAt: sql`now()`,
    consumedAt: sql`now()`,
    acceptedSigner: r.stamp.publicKey,
    acceptedSignature: r.stamp.signature,
    acceptedStampDigest: r.stampDigest,
  };
  try {
    const result = await db.transaction(async (tx) => {
      const [won] = await tx
        .update(signedRequests)
        .set({ ...consumed, outcome: "SUCCEEDED" })
        .where(winnable)
        .returning()
        .prepare("signed_retry_accept_consume")
        .execute();
      if (!won) return null;
      return storeResult(tx, op, row.id, await op.execute(tx, call.input, context, won));
    });
    if (result) return result;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const [won] = await db.update(signedRequests).set({ ...consumed, ...storedFailure(e) }).where(winnable).returning({ id: signedRequests.id });
    if (won) throw e;
  }
  return (await afterLostRace(r, row.id)) ?? settle(r, row, context);
}

async function storeResult<I, C extends Record<string, unknown>>(tx: Tx, op: SignedOperation<I, C>, id: string, result: Reply): Promise<Reply> {
  await tx.update(signedRequests).set(storedSuccess(op, result)).where(eq(signedRequests.id, id));
  return result;
}

/**
 * Step 10: the one transaction that moves the request from settled to CONSUMED applies the effect and
 * stores the terminal response. A signer whose session was revoked meanwhile ends it with SESSION_REVOKED.
 */
async function settle<I, C extends Record<string, unknown>>(r: Retry<I, C>, row: SignedRequestRow, context: C): Promise<Reply> {
  const { db, op, call } = r;
  const consumable = and(eq(signedRequests.id, row.id), eq(signedRequests.state, "ACCEPTED"), lte(signedRequests.settleAt, sql`now()`));
  let failure: ApiError | undefined;
  try {
    const result = await db.transaction(async (tx) => {
      const [won] = await tx
        .update(signedRequests)
        .set({ state: "CONSUMED", consumedAt: sql`now()`, outcome: "SUCCEEDED" })
        .where(consumable)
        .returning();
      if (!won) return null;
      await checkSignerStillActive(tx, won);
      return storeResult(tx, op, row.id, await op.execute(tx, call.input, context, won));
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
  throw new ApiError("UNAUTHORIZED", "The signer's session was revoked before the wallet provider settled the request", {
    reason: "SESSION_REVOKED",
  });
}
