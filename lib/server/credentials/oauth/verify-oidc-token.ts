import { invalidInput } from "@/lib/server/core/validation";
import { compactVerify, decodeJwt, decodeProtectedHeader, errors as joseErrors, type JWTPayload } from "jose";
import { canonicalJson, sha256Hex } from "@/lib/shared/crypto/web";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { jwksFor, OidcFetchFailed, oidcUnavailable } from "./oidc-jwks";

/** Asymmetric algorithms only: a JWKS never holds a shared secret, and `none` is never acceptable. */
const ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];
/** Spec "Limits": `iat` at most 60 s before the request; protocol.md allows 5 s of clock skew. */
const MAX_TOKEN_AGE_SECONDS = 60;
const CLOCK_SKEW_SECONDS = 5;

/** A sandbox platform with no configured issuers accepts these with any non-empty audience (protocol.md). */
const SANDBOX_DEFAULT_ISSUERS = ["https://accounts.google.com", "accounts.google.com", "https://appleid.apple.com"];

export interface OidcIdentity {
  issuer: string;
  subject: string;
  /** The one audience of the token the platform accepts (stored with the credential). */
  audience: string;
  email?: string;
}

export interface VerifiedOidcToken {
  identity: OidcIdentity;
  /** sha256 hex of the canonical claims: what "never seen before" is decided on (the token itself is never stored). */
  digest: string;
  expiresAt: Date;
}

type Purpose =
  | { kind: "REGISTER" }
  | { kind: "VERIFY"; credential: { issuer: string; subject: string; audience: string }; clientPublicKey: string };

function refused(reason: string, message: string, details: Record<string, unknown> = {}): ApiError {
  return new ApiError("UNAUTHORIZED", message, { reason, ...details });
}

function malformed(message: string): ApiError {
  return invalidInput([{ field: "oidcToken", message }], `oidcToken is not a usable OIDC id_token: ${message}`, {
    reason: "OIDC_TOKEN_MALFORMED",
  });
}

interface Claims extends JWTPayload {
  iss: string;
  sub: string;
  aud: string | string[];
  exp: number;
}

function decode(token: string): { claims: Claims; alg: string } {
  let claims: JWTPayload;
  let alg: unknown;
  try {
    alg = decodeProtectedHeader(token).alg;
    claims = decodeJwt(token);
  } catch (e) {
    throw malformed((e as Error).message);
  }
  if (typeof alg !== "string") throw malformed("the header has no alg");
  if (typeof claims.iss !== "string" || claims.iss === "") throw malformed("expected an iss claim (string)");
  if (typeof claims.sub !== "string" || claims.sub === "") throw malformed("expected a non-empty sub claim (string)");
  const aud = claims.aud;
  if (
    !(typeof aud === "string" && aud !== "") &&
    !(Array.isArray(aud) && aud.length > 0 && aud.every((a) => typeof a === "string" && a !== ""))
  ) {
    throw malformed("expected an aud claim (non-empty string or array of strings)");
  }
  if (typeof claims.exp !== "number" || !Number.isFinite(claims.exp)) throw malformed("expected a numeric exp claim");
  if (claims.iat !== undefined && (typeof claims.iat !== "number" || !Number.isFinite(claims.iat)))
    throw malformed("iat must be numeric");
  return { claims: claims as Claims, alg };
}

function allowedIssuer(
  platform: PlatformPrincipal,
  iss: string,
): { issuer: string; audiences: string[] | "ANY"; jwksUri?: string } {
  const configured = platform.settings.oidc?.issuers ?? [];
  if (configured.length === 0 && platform.environment === "SANDBOX" && SANDBOX_DEFAULT_ISSUERS.includes(iss)) {
    return { issuer: iss, audiences: "ANY" };
  }
  const hit = configured.find((i) => i.issuer === iss);
  if (!hit) {
    throw refused("OIDC_ISSUER_NOT_ALLOWED", `The token's issuer ${iss} is not among the platform's allowed issuers`, {
      received: iss,
      allowed: configured.length
        ? configured.map((i) => i.issuer)
        : platform.environment === "SANDBOX"
          ? SANDBOX_DEFAULT_ISSUERS
          : [],
    });
  }
  return hit;
}

async function checkSignature(
  token: string,
  issuer: { issuer: string; jwksUri?: string },
  environment: PlatformPrincipal["environment"],
): Promise<void> {
  const jwks = await jwksFor(issuer, environment);
  try {
    await compactVerify(token, jwks, { algorithms: ALGORITHMS });
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (e instanceof OidcFetchFailed) throw oidcUnavailable(issuer.issuer, e.message);
    // jose's own refusals of what came back (not 200, not JSON): said in our words, the target's never echoed.
    if (e instanceof joseErrors.JOSEError && e.code === "ERR_JOSE_GENERIC")
      throw oidcUnavailable(issuer.issuer, "the key set could not be read");
    if (e instanceof joseErrors.JWKSTimeout || e instanceof joseErrors.JWKSInvalid || e instanceof TypeError) {
      throw new ApiError("SERVICE_UNAVAILABLE", `The signing keys of issuer ${issuer.issuer} cannot be fetched`, {
        reason: "OIDC_JWKS_UNAVAILABLE",
      });
    }
    const why =
      e instanceof joseErrors.JWKSNoMatchingKey
        ? "no key published by the issuer matches the token's kid and alg"
        : e instanceof joseErrors.JOSEAlgNotAllowed
          ? `alg is not one of ${ALGORITHMS.join(", ")}`
          : "the signature does not verify with the issuer's published keys";
    throw refused("OIDC_SIGNATURE_INVALID", `The token signature was refused: ${why}`);
  }
}

/**
 * Verify an OIDC id_token (protocol.md "OIDC (OAUTH credentials)"). Registration: issuer allow-list,
 * audience, signature against the issuer's JWKS (skipped only on SANDBOX platforms), exp. Verify, in
 * addition: iat at most 60 s old (5 s skew), iss/aud/sub equal to the credential's, nonce = lowercase hex
 * SHA-256 of the clientPublicKey string. "Never seen before" is settled by the caller with `digest`, in
 * the transaction that uses the token (lib/server/credentials/oauth/record-oidc-token-use.ts).
 */
export async function verifyOidcToken(
  platform: PlatformPrincipal,
  token: string,
  purpose: Purpose,
): Promise<VerifiedOidcToken> {
  const { claims } = decode(token);
  const issuer = allowedIssuer(platform, claims.iss);
  const tokenAudiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  const audience =
    issuer.audiences === "ANY"
      ? tokenAudiences[0]
      : tokenAudiences.find((a) => (issuer.audiences as string[]).includes(a));
  if (!audience) {
    throw refused("OIDC_AUDIENCE_NOT_ALLOWED", `The token's audience is not configured for issuer ${claims.iss}`, {
      received: tokenAudiences,
      allowed: issuer.audiences,
    });
  }
  if (platform.environment !== "SANDBOX") await checkSignature(token, issuer, platform.environment);
  const now = Date.now() / 1000;
  if (claims.exp + CLOCK_SKEW_SECONDS <= now) {
    throw refused("OIDC_TOKEN_EXPIRED", `The token expired at ${new Date(claims.exp * 1000).toISOString()}`);
  }
  if (purpose.kind === "VERIFY") {
    if (typeof claims.iat !== "number")
      throw refused("OIDC_TOKEN_STALE", "The token has no iat claim; a fresh token is required");
    if (claims.iat > now + CLOCK_SKEW_SECONDS) {
      throw refused(
        "OIDC_TOKEN_STALE",
        `The token's iat ${new Date(claims.iat * 1000).toISOString()} lies in the future`,
      );
    }
    if (now - claims.iat > MAX_TOKEN_AGE_SECONDS + CLOCK_SKEW_SECONDS) {
      throw refused(
        "OIDC_TOKEN_STALE",
        `The token was issued ${Math.floor(now - claims.iat)} s ago; at most ${MAX_TOKEN_AGE_SECONDS} s is accepted`,
        {
          maxAgeSeconds: MAX_TOKEN_AGE_SECONDS,
        },
      );
    }
    const c = purpose.credential;
    const mismatched = [
      claims.iss !== c.issuer ? "iss" : null,
      claims.sub !== c.subject ? "sub" : null,
      !tokenAudiences.includes(c.audience) ? "aud" : null,
    ].filter(Boolean);
    if (mismatched.length) {
      throw refused("OIDC_IDENTITY_MISMATCH", `The token's ${mismatched.join(", ")} differ from the credential's`, {
        claims: mismatched,
      });
    }
    const expectedNonce = sha256Hex(purpose.clientPublicKey);
    if (typeof claims.nonce !== "string" || claims.nonce.toLowerCase() !== expectedNonce) {
      throw refused("OIDC_NONCE_MISMATCH", "The token's nonce is not the SHA-256 (lowercase hex) of clientPublicKey", {
        expected: expectedNonce,
        received: typeof claims.nonce === "string" ? claims.nonce : null,
      });
    }
  }
  return {
    identity: {
      issuer: claims.iss,
      subject: claims.sub,
      audience: purpose.kind === "VERIFY" ? purpose.credential.audience : audience,
      email: typeof claims.email === "string" ? claims.email : undefined,
    },
    digest: sha256Hex(canonicalJson(claims)),
    expiresAt: new Date(claims.exp * 1000),
  };
}
