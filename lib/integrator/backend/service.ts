import { createServiceClient, ServiceError, type ServiceClient } from "@/lib/sdk";
import { integratorConfig } from "./config";

export interface ServiceResponse<T = unknown> {
  status: number;
  body: T;
  retryAfter?: string;
}

/**
 * One call to the service through the SDK (platform BasicAuth). Signed-retry headers from the
 * browser (`Service-Wallet-Signature`, `Request-Id`) are passed through untouched: the stamp was made
 * in the browser with a key this backend never holds. Error answers come back as values, so that
 * the integrator can relay the service's error object (with its code) to the page.
 */
export async function callService<T = unknown>(
  method: string,
  path: string,
  opts: { body?: unknown; query?: Record<string, string>; signature?: string | null; requestId?: string | null } = {},
): Promise<ServiceResponse<T>> {
  const headers: Record<string, string> = {};
  if (opts.signature) headers["Service-Wallet-Signature"] = opts.signature;
  if (opts.requestId) headers["Request-Id"] = opts.requestId;
  try {
    const r = await client().request(method, path, { body: opts.body, query: opts.query, headers });
    return { status: r.status, body: r.body as T, retryAfter: r.headers.get("retry-after") ?? undefined };
  } catch (e) {
    if (e instanceof ServiceError) {
      return {
        status: e.status,
        body: e.body as T,
        retryAfter: e.retryAfterSeconds !== undefined ? String(e.retryAfterSeconds) : undefined,
      };
    }
    throw new IntegratorError(
      502,
      "SERVICE_UNAVAILABLE",
      `The service could not be reached: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
}

let sdk: ServiceClient | undefined;
/** The SDK client with the integrator's platform credentials (for the calls callService does not relay as-is). */
export function client(): ServiceClient {
  const cfg = integratorConfig();
  sdk ??= createServiceClient({
    baseUrl: cfg.serviceBaseUrl,
    clientId: cfg.clientId,
    clientSecret: cfg.clientSecret,
    fetch: (input, init) => fetch(input, { ...init, cache: "no-store" }),
  });
  return sdk;
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
