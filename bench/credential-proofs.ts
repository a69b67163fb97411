/**
 * In-process cost of the part-2 credential proofs (no database, no HTTP): passkey registration and
 * assertion verification (@simplewebauthn/server), and OIDC id_token verification (jose) against a real
 * issuer process's JWKS (cached after the first fetch) and on a sandbox platform (claims only).
 * Usage: npm run bench:credential-proofs [-- iterations]
 */
import { utf8Encode } from "@/lib/shared/crypto/web";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { verifyPasskeyAssertion } from "@/lib/server/credentials/passkey/verify-passkey-assertion";
import { verifyPasskeyRegistration } from "@/lib/server/credentials/passkey/verify-passkey-registration";
import { verifyOidcToken } from "@/lib/server/credentials/oauth/verify-oidc-token";
import { registrationChallenge, SoftAuthenticator } from "@/test/support/soft-authenticator";
import { nonceFor, nowSeconds, startOidcIssuer } from "@/test/support/oidc-issuer";
import { type Figure, recordFigures } from "./figures";

// The test issuer listens on http://127.0.0.1: trusted as a deployment's private issuer is (lib/server/credentials/oauth),
// so that the production path fetches its key set as it would a real one's.
process.env.OIDC_ALLOWED_HOSTS ??= "127.0.0.1";
const N = Number(process.argv[2] || 300);
const webauthn = { rpId: "localhost", origins: ["http://localhost:3000"] };

function pct(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(3);
}

async function time(name: string, prepare: () => Promise<() => Promise<unknown>>) {
  const xs: number[] = [];
  for (let i = 0; i < N + 30; i++) {
    const run = await prepare();
    const t = performance.now();
    await run();
    if (i >= 30) xs.push(performance.now() - t);
  }
  console.log(`${name.padEnd(44)} p50 ${pct(xs, 50)} ms   p95 ${pct(xs, 95)} ms`);
  figures.push({ name: `${name}, p50`, value: Number(pct(xs, 50)), unit: "ms" });
}

const figures: Figure[] = [];

const auth = new SoftAuthenticator("localhost", "http://localhost:3000");
await time("passkey registration (attestation none)", async () => {
  const c = registrationChallenge();
  const att = auth.create(c);
  return () => verifyPasskeyRegistration(webauthn, c, att);
});
const c0 = registrationChallenge();
const passkey = await verifyPasskeyRegistration(webauthn, c0, auth.create(c0));
let counter = 0;
await time("passkey assertion (ES256)", async () => {
  const challengeHex = "ab".repeat(32);
  const assertion = auth.get(passkey.credentialId, utf8Encode(challengeHex));
  const signCount = counter++;
  return () => verifyPasskeyAssertion({ webauthn, passkey: { ...passkey, signCount }, challengeHex, assertion });
});

const idp = await startOidcIssuer();
const platform = (environment: "SANDBOX" | "PRODUCTION"): PlatformPrincipal => ({
  id: "p",
  publicId: "Platform:p",
  name: "bench",
  environment,
  settings: {
    webhookUrl: null,
    sessionLifetimeSeconds: 900,
    webauthn: { ...webauthn, rpName: "bench" },
    oidc: { issuers: [{ issuer: idp.issuer, audiences: ["app"] }] },
    feeConfigs: [],
    cardTokenization2faConfig: null,
    subjectToCounterpartyRules: false,
    isRegulatedFinancialInstitution: false,
    skipVerificationPaperwork: false,
  },
});
const cpk = `02${"11".repeat(32)}`;
const credential = { issuer: idp.issuer, subject: "s", audience: "app" };
const tokens: string[] = [];
for (let i = 0; i < N + 30; i++)
  tokens.push(
    await idp.mint({
      sub: "s",
      aud: "app",
      iat: nowSeconds(),
      exp: nowSeconds() + 600,
      nonce: nonceFor(cpk),
      jti: String(i),
    }),
  );
for (const env of ["PRODUCTION", "SANDBOX"] as const) {
  let i = 0;
  await time(
    `OIDC verify (${env === "PRODUCTION" ? "ES256 signature + claims" : "sandbox: claims only"})`,
    async () => {
      const t = tokens[i++ % tokens.length];
      return () => verifyOidcToken(platform(env), t, { kind: "VERIFY", credential, clientPublicKey: cpk });
    },
  );
}
await idp.stop();
recordFigures("credential-proofs", figures);
