import { createRemoteJWKSet, customFetch } from "jose";
import { env } from "@/lib/shared/config/env";
import { ApiError } from "@/lib/server/core/errors";
import { getPinned } from "@/lib/server/webhooks/get-pinned";
import {
  DestinationRefused,
  OIDC_RULES,
  resolveDestination,
  type Environment,
} from "@/lib/server/webhooks/webhook-destination";

/**
 * The published keys of an OpenID issuer, through jose's `createRemoteJWKSet` (which caches the set and
 * refetches it when a token names an unknown `kid`, at most once per cooldown: that is how a rotated
 * key is picked up). The jwks_uri comes from the platform's configuration or from the issuer's discovery
 * document. Both caches are per process and hold only public data; losing them costs one fetch.
 *
 * Every fetch (the discovery document, the key set, whether configured or discovered) follows the webhook destination
 * rules (protocol.md "Webhook endpoints: where the service may send", with OIDC_ALLOWED_HOSTS as the allow-list):
 * https to public addresses, checked after resolution and connected to as checked, no redirects, a bounded body. A
 * refusal or failure answers 503 in our own words: nothing the target answered is ever echoed.
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
/** A discovery document or key set is a few kilobytes; anything much larger is not one. */
const MAX_DOCUMENT_BYTES = 256 * 1024;

/** A fetch of an issuer's document that was refused or failed; its message is ours, never the target's. */
export class OidcFetchFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OidcFetchFailed";
  }
}

export function oidcUnavailable(issuer: string, why: string): ApiError {
  return new ApiError("SERVICE_UNAVAILABLE", `The signing keys of issuer ${issuer} cannot be fetched: ${why}`, {
    reason: "OIDC_JWKS_UNAVAILABLE",
    issuer,
  });
}

/** GET one issuer document under the destination rules; the status and at most MAX_DOCUMENT_BYTES of body. */
async function fetchDocument(
  url: string,
  environment: Environment,
  what: string,
  init: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<{ status: number; body: Buffer }> {
  try {
    const dest = await resolveDestination(url, environment, OIDC_RULES);
    return await getPinned(dest, {
      headers: init.headers,
      signal: init.signal,
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBytes: MAX_DOCUMENT_BYTES,
    });
  } catch (e) {
    if (e instanceof DestinationRefused) throw new OidcFetchFailed(`the ${what} URL is refused: ${e.message}`);
    throw new OidcFetchFailed(`the ${what} could not be fetched`);
  }
}

async function discoverJwksUri(issuer: string, environment: Environment): Promise<string> {
  const hit = cache.discovery.get(`${environment} ${issuer}`);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.jwksUri;
  const url = `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
  let doc: { issuer?: unknown; jwks_uri?: unknown };
  try {
    const res = await fetchDocument(url, environment, "discovery document", {
      headers: { accept: "application/json" },
    });
    if (res.status !== 200) throw new OidcFetchFailed("the discovery document could not be fetched");
    doc = JSON.parse(res.body.toString("utf8")) as typeof doc;
  } catch (e) {
    throw oidcUnavailable(issuer, e instanceof OidcFetchFailed ? e.message : "the discovery document is not JSON");
  }
  if (!doc || typeof doc !== "object") throw oidcUnavailable(issuer, "the discovery document is not a JSON object");
  // OpenID Connect Discovery §4.3: the document's issuer must be the one it was fetched for.
  if (doc.issuer !== issuer) throw oidcUnavailable(issuer, "the discovery document names another issuer");
  if (typeof doc.jwks_uri !== "string") throw oidcUnavailable(issuer, "the discovery document has no jwks_uri");
  cache.discovery.set(`${environment} ${issuer}`, { jwksUri: doc.jwks_uri, at: Date.now() });
  return doc.jwks_uri;
}

/** jose's fetch of the key set, through the destination rules (the discovered jwks_uri is checked like any other). */
function pinnedFetch(environment: Environment) {
  return async (url: string, options: { headers: Headers; signal: AbortSignal }): Promise<Response> => {
    const res = await fetchDocument(url, environment, "key set", {
      headers: Object.fromEntries(options.headers.entries()),
      signal: options.signal,
    });
    if (res.status !== 200) throw new OidcFetchFailed("the key set could not be fetched");
    return new Response(new Uint8Array(res.body), { status: 200, headers: { "content-type": "application/json" } });
  };
}

export async function jwksFor(
  issuer: { issuer: string; jwksUri?: string },
  environment: Environment,
): Promise<RemoteJwks> {
  const uri = issuer.jwksUri ?? (await discoverJwksUri(issuer.issuer, environment));
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw oidcUnavailable(issuer.issuer, "the jwks_uri is not a URL");
  }
  const key = `${environment} ${uri}`;
  let set = cache.jwks.get(key);
  if (!set) {
    set = createRemoteJWKSet(url, {
      timeoutDuration: FETCH_TIMEOUT_MS,
      cooldownDuration: env().OIDC_JWKS_COOLDOWN_SECONDS * 1000,
      cacheMaxAge: 10 * 60 * 1000,
      [customFetch]: pinnedFetch(environment),
    });
    cache.jwks.set(key, set);
  }
  return set;
}
