/**
 * A real OpenID provider on loopback (the `oidc-provider` package with its development login page),
 * for development and tests: it signs end users in to the integrator (next-auth) and issues the
 * ID tokens that the wallet's OAUTH credentials are registered and verified with.
 *
 *   npm run oidc:dev -- [--port 4400] [--redirect-origin http://localhost:3000]...
 *
 * Any login and password are accepted (development interactions). The login becomes `sub`; the
 * `email` claim is the login when it contains "@", else `<login>@example.test`.
 * Never run this in production: it exists so that sign-in works on a fresh machine with no account anywhere.
 */
import { generateKeyPair, exportJWK } from "jose";
import Provider from "oidc-provider";
import { parseArgs } from "node:util";
import path from "node:path";

export const DEV_OIDC_CLIENT_ID = "wallet-integrator";

export interface DevOidcOptions {
  port: number;
  /** Origins of the integrator whose callbacks are allowed. */
  redirectOrigins: string[];
  clientSecret: string;
}

export async function startDevOidcProvider(
  opts: DevOidcOptions,
): Promise<{ issuer: string; close: () => Promise<void> }> {
  const issuer = `http://localhost:${opts.port}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: `dev-${Date.now().toString(36)}`, use: "sig", alg: "RS256" };
  const redirectUris = opts.redirectOrigins.flatMap((o) => [
    `${o}/integrator/api/auth/callback/loopback`,
    `${o}/integrator/api/wallet/oidc/callback`,
  ]);
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: DEV_OIDC_CLIENT_ID,
        client_secret: opts.clientSecret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [jwk as never] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The wallet's OAUTH credential takes its nickname from the ID token's email claim.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => false },
    cookies: { keys: [crypto.randomUUID()] },
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        email: id.includes("@") ? id : `${id}@example.test`,
        email_verified: true,
        name: id.split("@")[0],
      }),
    }),
    ttl: { IdToken: 600, AccessToken: 600, AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600 },
  });
  provider.proxy = false;
  const server = provider.listen(opts.port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    server.once("listening", () => resolve());
    server.once("error", reject);
  });
  return { issuer, close: () => new Promise((r) => server.close(() => r())) };
}

const isMain = process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]));
if (isMain) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: process.env.OIDC_PORT || "4400" },
      "redirect-origin": { type: "string", multiple: true },
      "client-secret": { type: "string", default: process.env.INTEGRATOR_OIDC_CLIENT_SECRET || "dev-secret" },
    },
  });
  const port = Number(values.port);
  const origins = values["redirect-origin"]?.length
    ? values["redirect-origin"]
    : [`http://localhost:${process.env.PORT || 3000}`];
  const { issuer } = await startDevOidcProvider({
    port,
    redirectOrigins: origins,
    clientSecret: values["client-secret"],
  });
  console.log(JSON.stringify({ issuer, clientId: DEV_OIDC_CLIENT_ID }));
}
