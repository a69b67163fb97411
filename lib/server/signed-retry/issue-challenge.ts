/** Step 3 and the further legs of a multi-leg operation: a new PENDING request and its 202 challenge. */
import type { DbOrTx, Tx } from "@/db/client";
import { signedRequests } from "@/db/schema";
import { canonicalJson } from "@/lib/shared/crypto/web";
import { reply, type Reply } from "@/lib/server/core/reply";
import { newId } from "@/lib/shared/ids";
import { bodyDigest } from "./judge-checks";
import {
  type Prepared,
  REQUEST_TTL_MS,
  type SignedCall,
  type SignedOperation,
  type SignedRequestRow,
} from "./signed-operation";

export async function createPending<I, C extends Record<string, unknown>>(
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
    signer: prepared.signer,
    context: prepared.context,
    state: "PENDING",
    expiresAt,
  });
  const body: Record<string, unknown> = { payloadToSign, requestId: id, expiresAt: expiresAt.toISOString() };
  if (prepared.credentialType) body.type = prepared.credentialType;
  return reply(202, body);
}
