import { integratorConfig } from "./config";

export interface ServiceResponse<T = unknown> {
  status: number;
  body: T;
  retryAfter?: string;
}

/**
 * One HTTP call to the service with the platform's BasicAuth. Signed-retry headers from the browser
 * (`Service-Wallet-Signature`, `Request-Id`) are passed through untouched: the stamp was made in the
 * browser with a key this backend never holds.
 */
export async function callService<T = unknown>(
  method: string,
  path: string,
  opts: { body?: unknown; query?: Record<string, string>; signature?: string | null; requestId?: string | null } = {},
): Promise<ServiceResponse<T>> {
  const cfg = integratorConfig();
  const url = new URL(cfg.serviceBaseUrl + path);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${cfg.clientId}:${cfg.clientSecret}`).toString("base64")}`,
    accept: "application/json",
  };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.signature) headers["service-wallet-signature"] = opts.signature;
  if (opts.requestId) headers["request-id"] = opts.requestId;
  const res = await fetch(url, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    cache: "no-store",
  });
  const text = await res.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = { status: 502, code: "BAD_GATEWAY", message: `The service answered ${res.status} with a non-JSON body` };
    }
  }
  return { status: res.status, body: body as T, retryAfter: res.headers.get("retry-after") ?? undefined };
}

export interface PlatformInfo {
  id: string;
  environment: "SANDBOX" | "PRODUCTION";
  webauthn: { rpId: string; rpName: string; origins: string[] };
  enclaveQuorumPublic?: string;
  sessionLifetimeSeconds: number;
}

/** The platform's configuration (GET /config), read on each use: the service is the source of truth. */
export async function platformInfo(): Promise<PlatformInfo> {
  const r = await callService<PlatformInfo>("GET", "/config");
  if (r.status !== 200) throw new IntegratorError(502, "SERVICE_UNAVAILABLE", `GET /config answered ${r.status}`);
  return r.body;
}

/** The enclave key to pin (protocol.md "otpEncryptionTargetBundle"): from GET /auth/enclave-key, else /config. */
export async function enclaveKey(): Promise<string | undefined> {
  const r = await callService<{ enclaveQuorumPublic?: string }>("GET", "/auth/enclave-key");
  if (r.status === 200 && r.body?.enclaveQuorumPublic) return r.body.enclaveQuorumPublic;
  return (await platformInfo()).enclaveQuorumPublic;
}

export class IntegratorError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}
