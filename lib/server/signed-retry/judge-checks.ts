/**
 * The checks of protocol.md "Signed retry" steps 5–8 that judge one retry against its stored request, and the
 * refusals they answer: pure functions of the retry and the row (no database access).
 */
import type { DbOrTx } from "@/db/client";
import { canonicalJson, normalizePublicKeyHex, parseStamp } from "@/lib/shared/crypto/web";
import { sha256HexNative } from "@/lib/shared/crypto/node/digest";
import { verifyStampNative } from "@/lib/shared/crypto/node/verify";
import { ApiError } from "@/lib/server/core/errors";
import { formatId } from "@/lib/shared/ids";
import {
  REQUEST_ID_HEADER,
  SIGNATURE_HEADER,
  type SignedCall,
  type SignedOperation,
  type SignedRequestRow,
  type SignerRule,
} from "./signed-operation";
import type { SessionCandidate } from "./signed-request-reads";

export type Stamp = ReturnType<typeof parseStamp>;

/** The canonical digest of a request body (lib/shared/crypto/web `canonicalDigest`, hashed natively); an absent body counts as `{}`. */
export function bodyDigest(rawBody: unknown): string {
  return sha256HexNative(canonicalJson(rawBody === undefined || rawBody === null ? {} : rawBody));
}

/** Step 7: the retry's body must be the first call's. */
export function checkBody<I, C extends Record<string, unknown>>(r: Retry<I, C>, row: SignedRequestRow): void {
  if (r.bodyDigest !== row.bodyDigest) {
    throw new ApiError("WALLET_SIGNATURE_BODY_MISMATCH", "The retry's body differs from the body of the first call", {
      expectedBodyDigest: row.bodyDigest,
      receivedBodyDigest: r.bodyDigest,
    });
  }
}

/** One retry being judged: the operation, the call, and what it carries that is compared with the stored request. */
export interface Retry<I, C extends Record<string, unknown>> {
  db: DbOrTx;
  op: SignedOperation<I, C>;
  call: SignedCall<I>;
  stamp: Stamp;
  /** sha256 hex of the `Service-Wallet-Signature` header as received. */
  stampDigest: string;
  bodyDigest: string;
}

export function parseStampOrThrow(header: string): Stamp {
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

export function expired(row: SignedRequestRow): ApiError {
  return requestIdUnauthorized(
    "REQUEST_ID_EXPIRED",
    `${REQUEST_ID_HEADER} ${formatId("Request", row.id)} expired at ${row.expiresAt.toISOString()}`,
  );
}

export function reused(id: string): ApiError {
  return requestIdUnauthorized(
    "REQUEST_ID_REUSED",
    `${REQUEST_ID_HEADER} ${formatId("Request", id)} has already been used`,
  );
}

/** The request was accepted with another stamp: only an identical re-send may follow (docs/protocol.md). */
export function signatureConflict(): ApiError {
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

export function checkRequest<I, C extends Record<string, unknown>>(
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

export function sessionAllowed(rule: Extract<SignerRule, { kind: "SESSION" }>, sessions: SessionCandidate[]): boolean {
  return sessions.some(
    (s) =>
      s.accountId === rule.accountId &&
      (!rule.sessionId || s.id === rule.sessionId) &&
      (!rule.excludeAuthMethodId || s.authMethodId !== rule.excludeAuthMethodId),
  );
}

export function checkSigner(row: SignedRequestRow, stamp: Stamp, sessions: SessionCandidate[]): void {
  const rule = row.signer;
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
