/**
 * A real OpenID provider's token side, as a separate process for tests (run with tsx): discovery at
 * /.well-known/openid-configuration, the published keys at /jwks, keys made and tokens signed by jose.
 * Test-only endpoints: POST /mint {claims, key?: "current"|"previous"|"foreign", alg?} → {token};
 * POST /rotate → a new signing key (the old one stays published until POST /retire).
 * Prints `{"port": N}` on stdout once listening on 127.0.0.1.
 */
import http from "node:http";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";

interface Key {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

const ALG = process.env.OIDC_TEST_ALG || "ES256";
let seq = 0;

async function newKey(): Promise<Key> {
  const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
  const kid = `k${++seq}-${Date.now().toString(36)}`;
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: ALG, use: "sig" } };
}

let current = await newKey();
let published: Key[] = [current];
let previous: Key | undefined;
const foreign = await newKey(); // never published
let jwksHits = 0;

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? JSON.parse(text) : {};
}

const server = http.createServer(async (req, res) => {
  try {
    const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    if (req.method === "GET" && req.url === "/.well-known/openid-configuration") {
      return send(res, 200, {
        issuer,
        jwks_uri: `${issuer}/jwks`,
        id_token_signing_alg_values_supported: [ALG],
        response_types_supported: ["id_token"],
        subject_types_supported: ["public"],
      });
    }
    if (req.method === "GET" && req.url === "/jwks") {
      jwksHits++;
      return send(res, 200, { keys: published.map((k) => k.jwk) });
    }
    if (req.method === "GET" && req.url === "/stats") return send(res, 200, { jwksHits, kid: current.kid });
    if (req.method === "POST" && req.url === "/mint") {
      const body = await readJson(req);
      const which = (body.key as string) ?? "current";
      const key = which === "foreign" ? foreign : which === "previous" ? previous : current;
      if (!key) return send(res, 400, { error: "no such key" });
      const claims = { iss: issuer, ...(body.claims as Record<string, unknown>) };
      const token = await new SignJWT(claims)
        .setProtectedHeader({ alg: ALG, kid: key.kid, typ: "JWT" })
        .sign(key.privateKey);
      return send(res, 200, { token, kid: key.kid });
    }
    if (req.method === "POST" && req.url === "/rotate") {
      previous = current;
      current = await newKey();
      published = [current, previous];
      return send(res, 200, { kid: current.kid, previousKid: previous.kid });
    }
    if (req.method === "POST" && req.url === "/retire") {
      published = [current];
      return send(res, 200, { kid: current.kid });
    }
    send(res, 404, { error: "not found" });
  } catch (e) {
    send(res, 500, { error: (e as Error).message });
  }
});

server.listen(Number(process.env.PORT || 0), "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
