import { and, eq, lte, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { authSessions, signedRequests } from "@/db/schema";
import { canonicalDigest, canonicalJson, normalizePublicKeyHex, parseStamp } from "@/lib/crypto";
import { verifyStampNative } from "@/lib/crypto-node/verify";
import { ApiError } from "@/lib/api-core/errors";
import { reply, type Reply } from "@/lib/api-core/reply";
import { formatId, newId, parseId } from "@/lib/ids";
import { settleDelayMs } from "@/lib/wallet-provider/settle-delay";
import {
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
  // Steps 6 and 8 need two reads; they run concurrently (the session read is only a candidate list,
  // judged after steps 6 and 7), which saves a round trip on the hot path.
  const [found, sessions] = await Promise.all([lookupRequest(db, requestIdHeader), sessionsWithKey(db, stamp.publicKey)]);
  // Step 6.
  const row = checkRequest(found, op, call, requestIdHeader);
  // Step 7.
  const digest = bodyDigest(call.rawBody);
  if (digest !== row.bodyDigest) {
    throw new ApiError("WALLET_SIGNATURE_BODY_MISMATCH", "The retry's body differs from the body of the first call", {
      expectedBodyDigest: row.bodyDigest,
      receivedBodyDigest: digest,
    });
  }
  const context = row.context as C;
  try {
    // Step 8.
    checkSigner(row, stamp, sessions);
    // Step 9 (re-checked refusals).
    if (row.state === "PENDING" && op.recheck) await op.recheck(call.input, context, db);
  } catch (e) {
    // A concurrent identical retry may have consumed the request since it was read (and its effect may be
    // what made this check fail, e.g. a refreshed session): that is a reuse, not a refusal.
    if (e instanceof ApiError && (await currentState(db, row.id)) === "CONSUMED") throw reused(row.id);
    throw e;
  }
  if (row.state === "PENDING") {
    // With no settle delay the provider settles at acceptance: accept, settle and consume are one
    // conditional UPDATE in the transaction that applies the effect (exactly one winner all the same).
    if (settleDelayMs() === 0) {
      const result = await acceptAndConsume(db, op, call, row, stamp, context);
      if (result) return result;
    } else {
      await accept(db, row, stamp);
    }
  } else if (row.acceptedSigner !== stamp.publicKey || row.acceptedSignature !== stamp.signature) {
    throw signatureConflict();
  }
  // Step 10.
  return settle(db, op, call, row, context);
}

async function createPending<I, C extends Record<string, unknown>>(db: DbOrTx, op: SignedOperation<I, C>, call: SignedCall<I>): Promise<Reply> {
  const prepared = await op.prepare(call.input, db);
  const { uuid, id } = newId("Request");
  const now = Date.now();
  const expiresAt = new Date(now + REQUEST_TTL_MS);
  const payloadToSign = canonicalJson({
    organizationId: call.platform.publicId,
    parameters: prepared.parameters,
    requestId: id,
    timestampMs: String(now),
    type: op.activityType,
  });
  await db.insert(signedRequests).values({
    id: uuid,
    platformId: call.platform.id,
    accountId: prepared.accountId,
    operation: op.name,
    method: call.method,
    path: call.path,
    bodyDigest: bodyDigest(call.rawBody),
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

async function currentState(db: DbOrTx, id: string): Promise<string | undefined> {
  const [now] = await db.select({ state: signedRequests.state }).from(signedRequests).where(eq(signedRequests.id, id)).limit(1);
  return now?.state;
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
  if (row.state === "CONSUMED")
    throw requestIdUnauthorized("REQUEST_ID_REUSED", `${REQUEST_ID_HEADER} ${formatId("Request", row.id)} has already been used`);
  // Expiry bounds the time to sign; once accepted, identical re-sends may arrive while the provider settles.
  if (row.state === "PENDING" && row.expiresAt.getTime() <= Date.now()) {
    throw requestIdUnauthorized(
      "REQUEST_ID_EXPIRED",
      `${REQUEST_ID_HEADER} ${formatId("Request", row.id)} expired at ${row.expiresAt.toISOString()}`,
    );
  }
  return row;
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
    const allowed = sessions.some(
      (s) =>
        s.accountId === rule.accountId &&
        (!rule.sessionId || s.id === rule.sessionId) &&
        (!rule.excludeAuthMethodId || s.authMethodId !== rule.excludeAuthMethodId),
    );
    if (!allowed) {
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

/** Step 9: PENDING → ACCEPTED in one conditional UPDATE; losers of a race continue as re-sends. */
async function accept(db: DbOrTx, row: SignedRequestRow, stamp: Stamp & { publicKey: string }): Promise<void> {
  const delaySeconds = settleDelayMs() / 1000;
  const [won] = await db
    .update(signedRequests)
    .set({
      state: "ACCEPTED",
      acceptedAt: sql`now()`,
      settleAt: sql`now() + make_interval(secs => ${delaySeconds})`,
      acceptedSigner: stamp.publicKey,
      acceptedSignature: stamp.signature,
    })
    .where(and(eq(signedRequests.id, row.id), eq(signedRequests.state, "PENDING"), sql`${signedRequests.expiresAt} > now()`))
    .returning({ id: signedRequests.id });
  if (won) return;
  const [now] = await db.select().from(signedRequests).where(eq(signedRequests.id, row.id)).limit(1);
  if (now.state === "PENDING")
    throw requestIdUnauthorized("REQUEST_ID_EXPIRED", `${REQUEST_ID_HEADER} ${formatId("Request", row.id)} expired at ${row.expiresAt.toISOString()}`);
  if (now.state === "CONSUMED")
    throw requestIdUnauthorized("REQUEST_ID_REUSED", `${REQUEST_ID_HEADER} ${formatId("Request", row.id)} has already been used`);
  if (now.acceptedSigner !== stamp.publicKey || now.acceptedSignature !== stamp.signature) {
    throw signatureConflict();
  }
}

/**
 * Steps 9 and 10 at once when the provider settles immediately: PENDING → CONSUMED in one conditional
 * UPDATE inside the transaction that applies the effect. Returns null when another request won
 * (the caller then continues as an identical re-send).
 */
async function acceptAndConsume<I, C extends Record<string, unknown>>(
  db: DbOrTx,
  op: SignedOperation<I, C>,
  call: SignedCall<I>,
  row: SignedRequestRow,
  stamp: Stamp & { publicKey: string },
  context: C,
): Promise<Reply | null> {
  const winnable = and(eq(signedRequests.id, row.id), eq(signedRequests.state, "PENDING"), sql`${signedRequests.expiresAt} > now()`);
  const consumed = {
    state: "CONSUMED" as const,
    acceptedAt: sql`now()`,
    settleAt: sql`now()`,
    consumedAt: sql`now()`,
    acceptedSigner: stamp.publicKey,
    acceptedSignature: stamp.signature,
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
      return op.execute(tx, call.input, context, won);
    });
    if (result) return result;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const [won] = await db.update(signedRequests).set({ ...consumed, outcome: e.code }).where(winnable).returning({ id: signedRequests.id });
    if (won) throw e;
  }
  const [now] = await db.select().from(signedRequests).where(eq(signedRequests.id, row.id)).limit(1);
  if (now.state === "PENDING")
    throw requestIdUnauthorized("REQUEST_ID_EXPIRED", `${REQUEST_ID_HEADER} ${formatId("Request", row.id)} expired at ${row.expiresAt.toISOString()}`);
  if (now.state === "CONSUMED")
    throw requestIdUnauthorized("REQUEST_ID_REUSED", `${REQUEST_ID_HEADER} ${formatId("Request", row.id)} has already been used`);
  if (now.acceptedSigner !== stamp.publicKey || now.acceptedSignature !== stamp.signature) throw signatureConflict();
  return null;
}

/**
 * Step 10: the one response that moves the request from settled to CONSUMED carries the terminal
 * result; the operation's effect commits in that same transaction.
 */
async function settle<I, C extends Record<string, unknown>>(
  db: DbOrTx,
  op: SignedOperation<I, C>,
  call: SignedCall<I>,
  row: SignedRequestRow,
  context: C,
): Promise<Reply> {
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
      return op.execute(tx, call.input, context, won);
    });
    if (result) return result;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    failure = e;
  }
  if (failure) {
    const [won] = await db
      .update(signedRequests)
      .set({ state: "CONSUMED", consumedAt: sql`now()`, outcome: failure.code })
      .where(consumable)
      .returning({ id: signedRequests.id });
    if (won) throw failure;
  }
  const [now] = await db.select({ state: signedRequests.state }).from(signedRequests).where(eq(signedRequests.id, row.id)).limit(1);
  if (now?.state === "ACCEPTED") return reply(200, PROCESSING_BODY);
  throw requestIdUnauthorized("REQUEST_ID_REUSED", `${REQUEST_ID_HEADER} ${formatId("Request", row.id)} has already been used`);
}
