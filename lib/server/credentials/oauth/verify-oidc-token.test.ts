import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { nonceFor, nowSeconds, startOidcIssuer, type OidcIssuer } from "@/test/support/oidc-issuer";
import { verifyOidcToken } from "./verify-oidc-token";

process.env.OIDC_JWKS_COOLDOWN_SECONDS = "0";
// The test issuer listens on http://127.0.0.1: trusted like a deployment's private issuer (lib/server/credentials/oauth/oidc-jwks.ts).
process.env.OIDC_ALLOWED_HOSTS = "127.0.0.1";

let idp: OidcIssuer;
beforeAll(async () => {
  idp = await startOidcIssuer();
}, 60_000);
afterAll(async () => idp?.stop());

function platform(
  environment: "SANDBOX" | "PRODUCTION",
  issuers?: PlatformPrincipal["settings"]["oidc"]["issuers"],
): PlatformPrincipal {
  return {
    id: "p",
    publicId: "Platform:p",
    name: "t",
    environment,
    settings: {
      webhookUrl: null,
      sessionLifetimeSeconds: 900,
      webauthn: { rpId: "localhost", rpName: "t", origins: ["http://localhost:3000"] },
      oidc: { issuers: issuers ?? [{ issuer: idp.issuer, audiences: ["app-1"] }] },
      feeConfigs: [],
      cardTokenization2faConfig: null,
      subjectToCounterpartyRules: false,
      isRegulatedFinancialInstitution: false,
      skipVerificationPaperwork: false,
    },
  };
}

async function reason(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return `${(e as ApiError).code}:${((e as ApiError).details?.reason as string) ?? ""}`;
  }
  throw new Error("expected a refusal");
}

const CPK = `02${"ab".repeat(32)}`;
const base = () => ({
  sub: "user-1",
  aud: "app-1",
  iat: nowSeconds(),
  exp: nowSeconds() + 600,
  email: "u@example.com",
  nonce: nonceFor(CPK),
});
const cred = () => ({ issuer: idp.issuer, subject: "user-1", audience: "app-1" });

describe("OIDC id_token verification against a real issuer process", () => {
  it("accepts really signed tokens (discovery → jwks_uri) for registration and verify", async () => {
    const prod = platform("PRODUCTION");
    const reg = await verifyOidcToken(prod, await idp.mint(base()), { kind: "REGISTER" });
    expect(reg.identity).toEqual({ issuer: idp.issuer, subject: "user-1", audience: "app-1", email: "u@example.com" });
    const v = await verifyOidcToken(prod, await idp.mint(base()), {
      kind: "VERIFY",
      credential: cred(),
      clientPublicKey: CPK,
    });
    expect(v.digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it("picks up a rotated key, and refuses a key that was never published", async () => {
    const prod = platform("PRODUCTION", [{ issuer: idp.issuer, audiences: ["app-1"], jwksUri: `${idp.issuer}/jwks` }]);
    await verifyOidcToken(prod, await idp.mint(base()), { kind: "REGISTER" });
    await idp.rotate();
    await verifyOidcToken(prod, await idp.mint(base()), { kind: "REGISTER" });
    expect(await reason(verifyOidcToken(prod, await idp.mint(base(), { key: "foreign" }), { kind: "REGISTER" }))).toBe(
      "UNAUTHORIZED:OIDC_SIGNATURE_INVALID",
    );
  });

  it("names every failed check", async () => {
    const prod = platform("PRODUCTION");
    const verify = { kind: "VERIFY" as const, credential: cred(), clientPublicKey: CPK };
    const mint = (c: Record<string, unknown>) => idp.mint({ ...base(), ...c });
    expect(await reason(verifyOidcToken(prod, "not-a-jwt", verify))).toBe("INVALID_INPUT:OIDC_TOKEN_MALFORMED");
    expect(await reason(verifyOidcToken(prod, await mint({ sub: "" }), verify))).toBe(
      "INVALID_INPUT:OIDC_TOKEN_MALFORMED",
    );
    expect(await reason(verifyOidcToken(prod, await mint({ iss: "https://evil.example" }), verify))).toBe(
      "UNAUTHORIZED:OIDC_ISSUER_NOT_ALLOWED",
    );
    expect(await reason(verifyOidcToken(prod, await mint({ aud: "other-app" }), verify))).toBe(
      "UNAUTHORIZED:OIDC_AUDIENCE_NOT_ALLOWED",
    );
    expect(await reason(verifyOidcToken(prod, await mint({ exp: nowSeconds() - 10 }), verify))).toBe(
      "UNAUTHORIZED:OIDC_TOKEN_EXPIRED",
    );
    expect(await reason(verifyOidcToken(prod, await mint({ iat: nowSeconds() - 70 }), verify))).toBe(
      "UNAUTHORIZED:OIDC_TOKEN_STALE",
    );
    expect(await reason(verifyOidcToken(prod, await mint({ iat: nowSeconds() + 60 }), verify))).toBe(
      "UNAUTHORIZED:OIDC_TOKEN_STALE",
    );
    expect(await reason(verifyOidcToken(prod, await mint({ sub: "user-2" }), verify))).toBe(
      "UNAUTHORIZED:OIDC_IDENTITY_MISMATCH",
    );
    expect(await reason(verifyOidcToken(prod, await mint({ nonce: nonceFor(`02${"cd".repeat(32)}`) }), verify))).toBe(
      "UNAUTHORIZED:OIDC_NONCE_MISMATCH",
    );
    const t = await mint({});
    const forged = t.slice(0, t.lastIndexOf(".") + 1) + Buffer.alloc(64, 1).toString("base64url");
    expect(await reason(verifyOidcToken(prod, forged, verify))).toBe("UNAUTHORIZED:OIDC_SIGNATURE_INVALID");
    // 55 s old with 5 s of skew still passes.
    await verifyOidcToken(prod, await mint({ iat: nowSeconds() - 62 }), verify);
  });

  it("sandbox skips only the signature: every claim check still runs", async () => {
    const sb = platform("SANDBOX", []);
    const claims = { ...base(), iss: "https://accounts.google.com", aud: "anything" };
    const unsigned = (c: Record<string, unknown>) =>
      `${Buffer.from(JSON.stringify({ alg: "RS256", kid: "x" })).toString("base64url")}.${Buffer.from(JSON.stringify(c)).toString("base64url")}.sig`;
    const reg = await verifyOidcToken(sb, unsigned(claims), { kind: "REGISTER" });
    expect(reg.identity.audience).toBe("anything");
    const credential = { issuer: "https://accounts.google.com", subject: "user-1", audience: "anything" };
    await verifyOidcToken(sb, unsigned(claims), { kind: "VERIFY", credential, clientPublicKey: CPK });
    expect(
      await reason(
        verifyOidcToken(sb, unsigned({ ...claims, iat: nowSeconds() - 120 }), {
          kind: "VERIFY",
          credential,
          clientPublicKey: CPK,
        }),
      ),
    ).toBe("UNAUTHORIZED:OIDC_TOKEN_STALE");
    expect(await reason(verifyOidcToken(sb, unsigned({ ...claims, iss: idp.issuer }), { kind: "REGISTER" }))).toBe(
      "UNAUTHORIZED:OIDC_ISSUER_NOT_ALLOWED",
    );
  });
});
