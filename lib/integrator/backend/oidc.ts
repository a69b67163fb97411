import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { integratorDb, integratorOidcRequests } from "./store";
import { integratorConfig } from "./config";
import { IntegratorError } from "./service";

const TTL_MS = 10 * 60_000;
const sha256hex = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
}

async function discover(): Promise<{ issuer: string; clientId: string; clientSecret: string; meta: Discovery }> {
  const oidc = integratorConfig().oidc;
  if (!oidc)
    throw new IntegratorError(
      400,
      "OIDC_NOT_CONFIGURED",
      "This site has no OpenID provider configured (INTEGRATOR_OIDC_ISSUER)",
    );
  const r = await fetch(`${oidc.issuer}/.well-known/openid-configuration`, { cache: "no-store" });
  if (!r.ok)
    throw new IntegratorError(
      502,
      "OIDC_PROVIDER_UNAVAILABLE",
      `The OpenID provider answered ${r.status} to discovery`,
    );
  return { ...oidc, meta: (await r.json()) as Discovery };
}

const oidcCallbackUrl = () => `${integratorConfig().origin}/integrator/api/wallet/oidc/callback`;

/**
 * Start an authorization request for the wallet. SIGN_IN binds the browser's public key: the
 * token's nonce is SHA-256 of it (protocol.md "OIDC"), so the token can only open a session for
 * the key that asked. LINK gets a random nonce (registration does not check it).
 */
export async function startOidc(
  input:
    | { userId: string; purpose: "SIGN_IN"; clientPublicKey: string; credentialId: string }
    | { userId: string; purpose: "LINK"; clientPublicKey?: undefined; credentialId?: undefined },
): Promise<string> {
  const { clientId, meta } = await discover();
  const state = randomBytes(32).toString("base64url");
  const codeVerifier = randomBytes(32).toString("base64url");
  const nonce = input.purpose === "SIGN_IN" ? sha256hex(input.clientPublicKey) : randomBytes(16).toString("hex");
  const db = await integratorDb();
  await db.insert(integratorOidcRequests).values({
    stateDigest: sha256hex(state),
    userId: input.userId,
    purpose: input.purpose,
    clientPublicKey: input.clientPublicKey ?? null,
    credentialId: input.credentialId ?? null,
    nonce,
    codeVerifier,
    expiresAt: new Date(Date.now() + TTL_MS),
  });
  const url = new URL(meta.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: oidcCallbackUrl(),
    scope: "openid email profile",
    state,
    nonce,
    code_challenge: createHash("sha256").update(codeVerifier).digest("base64url"),
    code_challenge_method: "S256",
    prompt: "login",
  }).toString();
  return url.toString();
}

/** Redeem the callback: the request is single use (deleted), then the code is exchanged for the ID token. */
export async function finishOidc(userId: string, state: string, code: string) {
  const db = await integratorDb();
  const [row] = await db
    .delete(integratorOidcRequests)
    .where(
      and(
        eq(integratorOidcRequests.stateDigest, sha256hex(state)),
        eq(integratorOidcRequests.userId, userId),
        gt(integratorOidcRequests.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!row)
    throw new IntegratorError(
      400,
      "OIDC_STATE_INVALID",
      "The sign-in response is unknown, expired or already used: start again",
    );
  const { clientId, clientSecret, meta } = await discover();
  const r = await fetch(meta.token_endpoint, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString("base64")}`,
    },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: oidcCallbackUrl(),
      code_verifier: row.codeVerifier,
    }),
    cache: "no-store",
  });
  const tokens = (await r.json().catch(() => ({}))) as { id_token?: string; error?: string };
  if (!r.ok || !tokens.id_token) {
    throw new IntegratorError(
      502,
      "OIDC_TOKEN_EXCHANGE_FAILED",
      `The OpenID provider refused the code: ${tokens.error ?? r.status}`,
    );
  }
  return {
    purpose: row.purpose,
    idToken: tokens.id_token,
    clientPublicKey: row.clientPublicKey,
    credentialId: row.credentialId,
  };
}
