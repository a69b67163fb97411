import { createRemoteJWKSet } from "jose";
import { env } from "@/lib/config/env";
import { ApiError } from "@/lib/api-core/errors";

/**
 * The published keys of an OpenID issuer, through jose's `createRemoteJWKSet` (which caches the set and
 * refetches it when a token names an unknown `kid`, at most once per cooldown: that is how a rotated
 * key is picked up). The jwks_uri comes from the platform's configuration or from the issuer's discovery
 * document. Both caches are per process and hold only public data; losing them costs one fetch.
 */
type RemoteJwks = ReturnType<typeof createRemoteJWKSet>;

interface Cache {
  jwks: Map<string, RemoteJwks>;
  discovery: Map<string, { jwksUri: string; at: number }>;
}
const g = globalThis as typeof globalThis & { __oidcJwksCache?: Cache };
g.__oidcJwksCache ??= { jwks: new Map(), discovery: new Map() };
const cache: Cache = g.__oidcJwksCache;

const DISCOVERY_TTL_MS = 10 * 60 * 1000;
const FETCH_TIMEOUT_MS = 5_000;

function unavailable(issuer: string, why: string): ApiError {
  return new ApiError("SERVICE_UNAVAILABLE", `The signing keys of issuer ${issuer} cannot be fetched: ${why}`, {
    reason: "OIDC_JWKS_UNAVAILABLE",
    issuer,
  });
}

async function discoverJwksUri(issuer: string): Promise<string> {
  const hit = cache.discovery.get(issuer);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.jwksUri;
  const url = `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
  let doc: { issuer?: unknown; jwks_uri?: unknown };
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: "application/json" },
    });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    doc = (await res.json()) as typeof doc;
  } catch (e) {
    throw unavailable(issuer, (e as Error).message);
  }
  // OpenID Connect Discovery §4.3: the document's issuer must be the one it was fetched for.
  if (doc.issuer !== issuer) throw unavailable(issuer, `the discovery document names issuer ${String(doc.issuer)}`);
  if (typeof doc.jwks_uri !== "string") throw unavailable(issuer, "the discovery document has no jwks_uri");
  cache.discovery.set(issuer, { jwksUri: doc.jwks_uri, at: Date.now() });
  return doc.jwks_uri;
}

export async function jwksFor(issuer: { issuer: string; jwksUri?: string }): Promise<RemoteJwks> {
  const uri = issuer.jwksUri ?? (await discoverJwksUri(issuer.issuer));
  let set = cache.jwks.get(uri);
  if (!set) {
    set = createRemoteJWKSet(new URL(uri), {
      timeoutDuration: FETCH_TIMEOUT_MS,
      cooldownDuration: env().OIDC_JWKS_COOLDOWN_SECONDS * 1000,
      cacheMaxAge: 10 * 60 * 1000,
    });
    cache.jwks.set(uri, set);
  }
  return set;
}
