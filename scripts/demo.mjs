#!/usr/bin/env node
// `npm run demo`: the whole wallet demo in one command. Starts the development OpenID provider on loopback,
// then `npm start` (build + serve, embedded database, sandbox demo platform) with the integrator pointed at that
// provider; the demo platform allows the provider's issuer by itself (lib/server/edge/startup/allow-demo-oidc-issuer.ts).
// Sign in at /signin with any of the three: the demo customer (email code 000000), a passkey added under
// Security, or "Continue with OpenID provider" (any login and password at the development provider).
import { spawn } from "node:child_process";
import path from "node:path";

const port = process.env.PORT || "3000";
const oidcPort = process.env.DEMO_OIDC_PORT || "4400";
const origin = process.env.PUBLIC_URL ? new URL(process.env.PUBLIC_URL).origin : `http://localhost:${port}`;
const issuer = `http://localhost:${oidcPort}`;
const secret = process.env.INTEGRATOR_OIDC_CLIENT_SECRET || "dev-secret";
const bin = (name) => path.resolve("node_modules/.bin", name);

const children = [];
const stop = () => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
};
process.on("SIGINT", () => {
  stop();
  process.exit(130);
});
process.on("SIGTERM", () => {
  stop();
  process.exit(143);
});

const oidc = spawn(
  bin("tsx"),
  ["scripts/dev-oidc-provider.ts", "--port", oidcPort, "--redirect-origin", origin, "--client-secret", secret],
  {
    stdio: ["ignore", "inherit", "inherit"],
  },
);
children.push(oidc);

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${issuer}/.well-known/openid-configuration`)).ok) break;
  } catch {}
  if (oidc.exitCode !== null || i > 150) {
    console.error(`The development OpenID provider did not start on ${issuer}`);
    stop();
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 200));
}

console.log(
  [
    "",
    `  Wallet demo: ${origin}/signin`,
    "    1. Demo customer (sandbox): any email; the wallet's email code is 000000.",
    "    2. Passkey: unlock, then Security → Add a passkey; lock the wallet and use the passkey.",
    `    3. OpenID: "Continue with OpenID provider" (any login and password at ${issuer}),`,
    "       or Security → Link an OpenID identity, then unlock with it.",
    "",
  ].join("\n"),
);

const app = spawn(process.execPath, ["scripts/run.mjs", "start"], {
  stdio: "inherit",
  env: {
    ...process.env,
    INTEGRATOR_OIDC_ISSUER: issuer,
    INTEGRATOR_OIDC_CLIENT_ID: "wallet-integrator",
    INTEGRATOR_OIDC_CLIENT_SECRET: secret,
  },
});
children.push(app);
app.on("exit", (code) => {
  stop();
  process.exit(code ?? 1);
});
