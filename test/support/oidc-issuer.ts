/**
 * Start the test OpenID provider (test/support/oidc-issuer-server.ts) as its own process on loopback
 * and talk to it over HTTP: mint really signed id_tokens, rotate and retire keys.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { createHash } from "node:crypto";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface OidcIssuer {
  issuer: string;
  mint(claims: Record<string, unknown>, opts?: { key?: "current" | "previous" | "foreign" }): Promise<string>;
  rotate(): Promise<{ kid: string; previousKid: string }>;
  retire(): Promise<void>;
  stats(): Promise<{ jwksHits: number; kid: string }>;
  stop(): Promise<void>;
}

export async function startOidcIssuer(): Promise<OidcIssuer> {
  const proc = spawn(
    path.join(ROOT, "node_modules/.bin/tsx"),
    [path.join(ROOT, "test/support/oidc-issuer-server.ts")],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let err = "";
  proc.stderr!.on("data", (d) => (err += d));
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`OIDC issuer did not start:\n${err}`)), 30_000);
    proc.stdout!.on("data", (d) => {
      out += d;
      const line = out.split("\n")[0];
      if (out.includes("\n")) {
        clearTimeout(timer);
        resolve(JSON.parse(line).port);
      }
    });
    proc.once("exit", (code) => reject(new Error(`OIDC issuer exited (${code}):\n${err}`)));
  });
  const issuer = `http://127.0.0.1:${port}`;
  const post = async (p: string, body?: unknown) => {
    const r = await fetch(`${issuer}${p}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
    if (!r.ok) throw new Error(`OIDC issuer ${p}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  return {
    issuer,
    mint: async (claims, opts = {}) => (await post("/mint", { claims, key: opts.key })).token,
    rotate: () => post("/rotate"),
    retire: async () => void (await post("/retire")),
    stats: async () => (await fetch(`${issuer}/stats`)).json(),
    stop: async () => {
      if (proc.exitCode !== null) return;
      const exited = new Promise((r) => proc.once("exit", r));
      proc.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (proc.exitCode === null) proc.kill("SIGKILL");
    },
  };
}

/** The verify nonce (protocol.md "OIDC"): lowercase hex SHA-256 of the UTF-8 clientPublicKey string as sent. */
export function nonceFor(clientPublicKey: string): string {
  return createHash("sha256").update(clientPublicKey, "utf8").digest("hex");
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
