import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { integratorConfig } from "./config";
import { platformInfo } from "./service";

const AUTH_BASE_PATH = "/integrator/api/auth";

/**
 * next-auth (v4) signs end users in to the integrator's own site: a session for the partner's site,
 * distinct from wallet sessions (which are the service's, held as keys in the browser).
 * Providers: the configured OpenID provider (in development and tests, scripts/dev-oidc-provider.ts
 * on loopback), and on sandbox platforms a "demo customer" that needs no account anywhere.
 */
export function authOptions(): NextAuthOptions {
  const cfg = integratorConfig();
  // next-auth derives its base path and callback URLs from NEXTAUTH_URL.
  process.env.NEXTAUTH_URL ??= `${cfg.origin}${AUTH_BASE_PATH}`;
  const providers: NextAuthOptions["providers"] = [];
  if (cfg.oidc) {
    providers.push({
      id: "loopback",
      name: "OpenID provider",
      type: "oauth",
      wellKnown: `${cfg.oidc.issuer}/.well-known/openid-configuration`,
      clientId: cfg.oidc.clientId,
      clientSecret: cfg.oidc.clientSecret,
      authorization: { params: { scope: "openid email profile" } },
      idToken: true,
      checks: ["pkce", "state", "nonce"],
      profile(p: { sub: string; email?: string; name?: string }) {
        return { id: p.sub, email: p.email ?? `${p.sub}@unknown.invalid`, name: p.name ?? p.sub };
      },
    });
  }
  providers.push(
    CredentialsProvider({
      id: "demo",
      name: "Demo customer",
      credentials: { email: { label: "Email", type: "email" }, name: { label: "Name", type: "text" } },
      async authorize(credentials) {
        // Only a sandbox platform may be tried without a real identity.
        if ((await platformInfo()).environment !== "SANDBOX") return null;
        const email = String(credentials?.email ?? "")
          .trim()
          .toLowerCase();
        if (!/^[^\s@]{1,64}@[^\s@]{1,190}\.[a-z]{2,}$/i.test(email)) return null;
        const name =
          String(credentials?.name ?? "")
            .trim()
            .slice(0, 100) || email.split("@")[0];
        return { id: `demo:${email}`, email, name };
      },
    }),
  );
  return {
    secret: cfg.authSecret,
    session: { strategy: "jwt", maxAge: 8 * 3600 },
    pages: { signIn: "/signin", error: "/signin" },
    providers,
    callbacks: {
      async jwt({ token, user, account }) {
        if (user && account) {
          token.subject =
            account.provider === "demo" ? String(user.id) : `oidc:${cfg.oidc?.issuer}#${account.providerAccountId}`;
          token.email = user.email;
          token.name = user.name;
        }
        return token;
      },
      async session({ session, token }) {
        return { ...session, subject: token.subject as string, user: { email: token.email, name: token.name } };
      },
    },
  };
}
