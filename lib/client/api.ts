/**
 * Calls from the page to the integrator backend (never to the service directly), and the
 * browser's half of the signed retry: 202 → stamp payloadToSign with the session key → re-send
 * the identical request with `Service-Wallet-Signature` and `Request-Id` → while the answer is
 * PROCESSING, or after a network error, re-send identically with backoff.
 */
import type { SessionKey } from "./keys";
import { stampPayload } from "./stamp";

export const INTEGRATOR_API = "/integrator/api/wallet";

export interface ErrorBody {
  status: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

export class WalletApiError extends Error {
  constructor(readonly error: ErrorBody) {
    super(`${error.code}: ${error.message}`);
  }
}

export interface ApiResult<T> {
  status: number;
  body: T;
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
  return { status: res.status, body: body as T, retryAfter: ra ? Number(ra) : undefined };
}

/** Throw the error object of a failed answer (status ≥ 400). */
export function ok<T>(r: ApiResult<T>): ApiResult<T> {
  if (r.status >= 400) {
    const b = r.body as Partial<ErrorBody> | null;
    throw new WalletApiError({ status: r.status, code: b?.code ?? `HTTP_${r.status}`, message: b?.message ?? "Request failed", details: b?.details });
  }
  return r;
}

export type Progress = "signing" | "processing" | "waiting";

export interface SignedRetryChallenge {
  type?: string;
  payloadToSign: string;
  requestId: string;
  expiresAt: string;
}

const isProcessing = (r: ApiResult<unknown>) =>
  r.status === 200 && !!r.body && typeof r.body === "object" && (r.body as { status?: unknown }).status === "PROCESSING";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Run one signed-retry operation to its terminal answer. `signer` is asked for the key only when the
 * service answers 202 (EMAIL_OTP verify signs with the new key it sealed, everything else with the
 * stored session key). A 429 on the first leg waits `Retry-After` once.
 */
export async function signedRequest<T = unknown>(
  method: string,
  path: string,
  body: unknown,
  signer: () => Promise<SessionKey>,
  onProgress?: (p: Progress) => void,
): Promise<ApiResult<T>> {
  let first = await api<T | SignedRetryChallenge>(method, path, { body });
  if (first.status === 429 && first.retryAfter !== undefined && first.retryAfter <= 30) {
    onProgress?.("waiting");
    await sleep(first.retryAfter * 1000);
    first = await api(method, path, { body });
  }
  if (first.status !== 202) return ok(first) as ApiResult<T>;
  const challenge = first.body as SignedRetryChallenge;
  onProgress?.("signing");
  const signature = await stampPayload(challenge.payloadToSign, await signer());
  let delay = 400;
  for (;;) {
    let r: ApiResult<T>;
    try {
      r = await api<T>(method, path, { body, signature, requestId: challenge.requestId });
    } catch (e) {
      // The answer was lost on the way (network error): the service replays the stored result to the identical re-send.
      if (Date.parse(challenge.expiresAt) < Date.now()) throw e;
      await sleep(delay);
      delay = Math.min(delay * 1.5, 3000);
      continue;
    }
    if (!isProcessing(r)) return ok(r);
    onProgress?.("processing");
    if (Date.parse(challenge.expiresAt) < Date.now()) {
      throw new WalletApiError({ status: 408, code: "PROCESSING_TIMEOUT", message: "The operation did not settle before its request expired" });
    }
    await sleep(delay);
    delay = Math.min(delay * 1.5, 3000);
  }
}
