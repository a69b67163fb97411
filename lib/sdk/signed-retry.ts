import { ServiceError } from "./service-error";
import type { Processing, RawResponse, SignedHeaders, SignedRetryChallenge } from "./types";

/** Signs `payloadToSign` (exact bytes) and returns the `Service-Wallet-Signature` header value. */
export type Signer = (payloadToSign: string) => Promise<string>;

/** Where a signed retry is, for a user interface: waiting out a 429, signing the challenge, or the answer is PROCESSING. */
export type SignedRetryProgress = "waiting" | "signing" | "processing";

export interface ResendOptions {
  /** Give up re-sending (PROCESSING, or network errors) after this long (default 60 s). */
  maxProcessingMs?: number;
  /** Longest `Retry-After` wait honoured on a 429 (default 60 s); a longer one is thrown. */
  maxRetryAfterMs?: number;
  /** Progress for a user interface; a "waiting" step carries how long the wait is (for a countdown). */
  onProgress?: (progress: SignedRetryProgress, detail?: { retryAfterMs: number }) => void;
}

export interface SignedRetryOptions extends ResendOptions {
  /** Called with each 202 challenge before signing (for example to show it to a user). */
  onChallenge?: (challenge: SignedRetryChallenge) => void;
  /**
   * How many challenges one operation may ask to be signed (default 1). An operation of several legs answers its
   * signed retry with the next leg's 202 (Grid's delegated keys: the key's user, then its policy, then the key).
   */
  maxChallenges?: number;
}

function isChallenge(res: RawResponse<unknown>): res is RawResponse<unknown> & { body: SignedRetryChallenge } {
  return res.status === 202;
}

function isProcessing(res: RawResponse<unknown>): boolean {
  return res.status === 200 && (res.body as Processing | undefined)?.status === "PROCESSING";
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Run one call, waiting out 429 `Retry-After` answers (up to `maxWaitMs` per wait). */
export async function withRetryAfter<T>(
  fn: () => Promise<T>,
  maxWaitMs = 60_000,
  onWait?: (waitMs: number) => void,
): Promise<T> {
  for (;;) {
    try {
      return await fn();
    } catch (e) {
      if (!(e instanceof ServiceError) || e.status !== 429) throw e;
      const waitMs = (e.retryAfterSeconds ?? 1) * 1000;
      if (waitMs > maxWaitMs) throw e;
      onWait?.(waitMs);
      await sleep(waitMs);
    }
  }
}

/**
 * Send `send` until its answer settles: while it is PROCESSING, or after a network error or a gateway's 502/504 (the
 * answer was lost: the service replays a stored terminal result to the identical request), send it again, unchanged,
 * with backoff; a 429 waits its `Retry-After`. Answers the first settled response (a 202 challenge included); any
 * other error answer throws `ServiceError`.
 */
export async function resendWhileProcessing<T>(
  send: () => Promise<RawResponse<T>>,
  opts: ResendOptions = {},
): Promise<RawResponse<T>> {
  const maxRetryAfter = opts.maxRetryAfterMs ?? 60_000;
  const waiting = (retryAfterMs: number) => opts.onProgress?.("waiting", { retryAfterMs });
  const maxProcessingMs = opts.maxProcessingMs ?? 60_000;
  const deadline = Date.now() + maxProcessingMs;
  let delay = 100;
  for (;;) {
    let res: RawResponse<T> | undefined;
    let lost: unknown;
    try {
      res = await withRetryAfter(send, maxRetryAfter, waiting);
    } catch (e) {
      // A network error, or a gateway's 502/504 (the service itself never answers those): the answer was lost.
      if (e instanceof ServiceError && e.status !== 502 && e.status !== 504) throw e;
      lost = e;
    }
    if (res && !isProcessing(res)) return res;
    if (res) opts.onProgress?.("processing");
    if (Date.now() + delay > deadline) {
      if (lost) throw lost;
      throw new ServiceError({
        status: 408,
        code: "PROCESSING_TIMEOUT",
        message: `The operation was still PROCESSING after ${maxProcessingMs} ms`,
      });
    }
    await sleep(delay);
    delay = Math.min(2_000, Math.round(delay * 1.5));
  }
}

/**
 * The whole signed-retry loop (protocol.md "Signed retry"), written once for every caller (server-side
 * integrators, tests, and the browser with a WebCrypto signer): first call → 202 → sign payloadToSign →
 * retry with `Service-Wallet-Signature` + `Request-Id`, re-sent identically until it settles
 * (`resendWhileProcessing`) → the terminal body (undefined for 204), or, for an operation of several legs, the next
 * leg's 202, signed in turn. A 429 is honoured via Retry-After; any other error answer throws `ServiceError` carrying
 * the error object.
 */
export async function signedRetry<T>(
  requestFn: (headers?: SignedHeaders) => Promise<RawResponse<T>>,
  signer: Signer,
  opts: SignedRetryOptions = {},
): Promise<T> {
  const waiting = (retryAfterMs: number) => opts.onProgress?.("waiting", { retryAfterMs });
  let res = await withRetryAfter(() => requestFn(), opts.maxRetryAfterMs ?? 60_000, waiting);
  if (!isChallenge(res) && isProcessing(res))
    throw new Error("signedRetry: the first call answered PROCESSING without a challenge");
  for (let signed = 0; isChallenge(res); signed++) {
    if (signed === (opts.maxChallenges ?? 1)) throw new Error("signedRetry: the signed retry answered another 202");
    const challenge = res.body;
    opts.onChallenge?.(challenge);
    opts.onProgress?.("signing");
    const headers: SignedHeaders = {
      "Service-Wallet-Signature": await signer(challenge.payloadToSign),
      "Request-Id": challenge.requestId,
    };
    res = await resendWhileProcessing(() => requestFn(headers), opts);
  }
  return res.body as T;
}
