/**
 * Calls from the page to the integrator backend (never to the service directly). Signed retries run the
 * SDK's one loop (lib/sdk/signed-retry) with a WebCrypto signer: 202 → stamp payloadToSign with the session
 * key → re-send the identical request with `Service-Wallet-Signature` and `Request-Id` → while PROCESSING,
 * re-send identically with backoff, reporting progress to the page.
 */
import { ServiceError } from "@/lib/sdk/service-error";
import { signedRetry, type SignedRetryOptions, type SignedRetryProgress } from "@/lib/sdk/signed-retry";
import type { ErrorBody, RawResponse, SignedHeaders } from "@/lib/sdk/types";
import type { SessionKey } from "./keys";
import { stampPayload } from "./stamp";

const INTEGRATOR_API = "/integrator/api/wallet";

export type Progress = SignedRetryProgress;
/** A flow's progress callback: the step, and for "waiting" how long (a rate limit's Retry-After). */
export type OnProgress = (p: Progress, detail?: { retryAfterMs: number }) => void;

export interface ApiResult<T> {
  status: number;
  body: T;
  headers: Headers;
  retryAfter?: number;
}

export async function api<T = unknown>(
  method: string,
  path: string,
  opts: { body?: unknown; signature?: string; requestId?: string } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.signature) headers["service-wallet-signature"] = opts.signature;
  if (opts.requestId) headers["request-id"] = opts.requestId;
  const res = await fetch(path.startsWith("/integrator/") ? path : `${INTEGRATOR_API}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    credentials: "same-origin",
    cache: "no-store",
  });
  const text = await res.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = { status: res.status, code: "BAD_RESPONSE", message: `Unexpected answer (${res.status})` };
    }
  }
  const ra = res.headers.get("retry-after");
  return { status: res.status, body: body as T, headers: res.headers, retryAfter: ra ? Number(ra) : undefined };
}

/** Throw the error object of a failed answer (status ≥ 400) as the SDK's `ServiceError`. */
export function ok<T>(r: ApiResult<T>): ApiResult<T> {
  if (r.status >= 400) {
    const b = r.body as Partial<ErrorBody> | null;
    throw new ServiceError(
      {
        status: r.status,
        code: b?.code ?? `HTTP_${r.status}`,
        message: b?.message ?? "Request failed",
        details: b?.details,
      },
      r.retryAfter,
    );
  }
  return r;
}

/**
 * Run one signed-retry operation to its terminal body. `signer` is asked for the key only when the
 * service answers 202 (EMAIL_OTP verify signs with the new key it sealed, everything else with the
 * stored session key). A 429 waits `Retry-After` (up to 30 s). `opts.maxChallenges` lets an operation of several legs
 * ask for each of them to be signed.
 */
export async function signedRequest<T = unknown>(
  method: string,
  path: string,
  body: unknown,
  signer: () => Promise<SessionKey>,
  onProgress?: OnProgress,
  opts: Pick<SignedRetryOptions, "maxChallenges"> = {},
): Promise<T> {
  const send = async (h?: SignedHeaders): Promise<RawResponse<T>> =>
    ok(await api<T>(method, path, { body, signature: h?.["Service-Wallet-Signature"], requestId: h?.["Request-Id"] }));
  return signedRetry(send, async (payload) => stampPayload(payload, await signer()), {
    maxRetryAfterMs: 30_000,
    onProgress,
    ...opts,
  });
}
