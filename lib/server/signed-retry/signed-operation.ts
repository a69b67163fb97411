/**
 * The signed-retry mechanism (protocol.md "Signed retry: how a request is judged"), written once.
 *
 * ## Plug-in API: how an endpoint becomes a signed-retry endpoint
 *
 * 1. Declare a `SignedOperation<I, C>` (see below):
 *    - `name`: unique registry name, e.g. `"internal-accounts.export"`; stored with each request, a retry
 *      presented to another operation is refused (401 UNAUTHORIZED, reason REQUEST_ID_MISMATCH).
 *    - `activityType`: the `type` member of `payloadToSign`, e.g. `"ACTIVITY_TYPE_EXPORT_WALLET"`.
 *    - `prepare(input, db)`: runs on the first call (no signature headers). Throw `ApiError` for every
 *      refusal decidable before signing (404, 400 LAST_CREDENTIAL, …). Return `{accountId, credentialType?,
 *      parameters, signer, context}`: `parameters` is bound into `payloadToSign`; `signer` says who may sign
 *      (`SignerRule`); `context` is non-secret JSON kept with the request and handed back at acceptance.
 *    - `accountOf?(input)`: on a retry, the account the request names when the request alone says it
 *      (for example `body.accountId`); a mismatch with the stored account is 401 REQUEST_ID_MISMATCH.
 *    - `recheck?(input, context, db)`: step 9, refusals re-checked just before acceptance. On the hot path
 *      (no settle delay) `db` is the transaction that has just claimed the request: read through it, never
 *      through `getDb()` (holding the claim, the transaction must not wait for another pool connection).
 *    - `execute(tx, input, context, request)`: step 10, runs in the one transaction that moves the request
 *      from settled to CONSUMED; applies the side effect and returns the terminal `Reply` (201/204/200).
 *      Throwing `ApiError` rolls the effect back; the request is still consumed and that error is the
 *      terminal answer. The terminal answer is stored with the request in that transaction and replayed to
 *      identical re-sends until `expiresAt` (protocol.md step 10, revised); keys in it must already be sealed
 *      to the client's key.
 *    - `resealOnReplay?`: store no success body; an identical re-send runs `execute` again (export: the
 *      spec never stores its encrypted credentials, so the same wallet is sealed to the same key afresh).
 * 2. In the service function called by the route: `return runSignedRetry(op, signedCall(ctx, input))`
 *    (`signedCall` takes the handler context: platform, method, path, headers and the raw body).
 * 3. Document 202/200/201/204 responses with `signedRetryResponses(...)` from signed-retry.contract.ts.
 *
 * The mechanism answers 202, every 401 of steps 4–8, PROCESSING (200) while the wallet provider has not
 * settled, the stored terminal answer again (header `Signed-Request-Replayed: true`) to an identical re-send,
 * 401 REQUEST_ID_REUSED to any other retry of a consumed request, and guarantees that of any number of
 * concurrent identical retries on any number of instances exactly one runs `execute`.
 */
import type { DbOrTx, Tx } from "@/db/client";
import type { InferSelectModel } from "drizzle-orm";
import type { signedRequests, signerRuleSchema } from "@/db/schema";
import type { z } from "zod";
import type { Reply } from "@/lib/server/core/reply";
import type { PlatformPrincipal } from "@/lib/server/core/principal";

export type CredentialType = "PASSKEY" | "OAUTH" | "EMAIL_OTP" | "SMS_OTP";

/** Who may sign the retry (protocol.md step 8; db/schema/auth.ts `signerRuleSchema`). Ids are bare uuids. */
export type SignerRule = z.output<typeof signerRuleSchema>;

export interface Prepared<C extends Record<string, unknown>> {
  /** Bare uuid of the internal account concerned, or null when none is. */
  accountId: string | null;
  /** `type` of the 202: the credential concerned; omitted where no single credential is. */
  credentialType?: CredentialType;
  parameters: Record<string, unknown>;
  signer: SignerRule;
  context: C;
}

export type SignedRequestRow = InferSelectModel<typeof signedRequests>;

export interface SignedOperation<I, C extends Record<string, unknown> = Record<string, unknown>> {
  name: string;
  activityType: string;
  prepare(input: I, db: DbOrTx): Promise<Prepared<C>>;
  accountOf?(input: I): string | null;
  recheck?(input: I, context: C, db: DbOrTx): Promise<void>;
  execute(tx: Tx, input: I, context: C, request: SignedRequestRow): Promise<Reply>;
  resealOnReplay?: true;
}

/** One HTTP request to a signed-retry endpoint, as the mechanism needs it. */
export interface SignedCall<I> {
  platform: PlatformPrincipal;
  method: string;
  path: string;
  headers: Headers;
  /** The body as parsed JSON before zod transforms (undefined when absent): its canonical digest is bound. */
  rawBody: unknown;
  input: I;
}

export const SIGNATURE_HEADER = "Service-Wallet-Signature";
export const REQUEST_ID_HEADER = "Request-Id";
/** Set on a stored terminal answer given again to an identical re-send. */
export const REPLAYED_HEADER = "Signed-Request-Replayed";
export const REQUEST_TTL_MS = 5 * 60 * 1000;
