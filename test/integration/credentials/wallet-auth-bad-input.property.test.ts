import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { base64urlEncode, generateP256KeyPair, makeStamp, utf8Encode } from "@/lib/shared/crypto/web";
import { api, newPlatform, type TestPlatform } from "../../support/api";
import { newWalletUser, sdkFor, signInWithEmailOtp } from "../../support/wallet";

/**
 * Property: whatever malformed body and headers arrive at an endpoint of the wallet-auth API, the
 * answer is never a 5xx and every error is the error object {status, code, message, details?}.
 * Cases are generated with fast-check and sent concurrently (≥ 2,000 per endpoint).
 */
const RUNS = 2000;
const CONCURRENCY = 24;

const printable = (max: number) => fc.string({ maxLength: max }).map((s) => s.replace(/[^\x20-\x7e]/g, ""));
const uuid = fc.uuid().map((u) => u);
const hex = (n: number) => fc.uint8Array({ minLength: n, maxLength: n }).map((b) => Buffer.from(b).toString("hex"));

interface Case {
  path: string;
  body?: string;
  headers: Record<string, string>;
}

interface Endpoint {
  name: string;
  method: "GET" | "POST" | "DELETE";
  path: (id: string) => string;
  /** Valid-looking bodies to mutate. */
  seeds: () => unknown[];
}

describe("bad input never yields a 500 on the wallet-auth endpoints (fast-check)", () => {
  let p: TestPlatform;
  let real: { accountId: string; credentialId: string; sessionId: string; requestId: string };

  beforeAll(async () => {
    p = await newPlatform();
    const client = sdkFor(p);
    const user = await newWalletUser(p, client);
    const { session, key } = await signInWithEmailOtp(client, user.credentialId);
    const ch = await client.revokeSession(session.id);
    real = {
      accountId: user.accountId,
      credentialId: user.credentialId,
      sessionId: session.id,
      requestId: (ch.body as { requestId: string }).requestId,
    };
    void key;
  });

  const stampLike = fc.oneof(
    printable(120),
    fc.jsonValue().map((v) => base64urlEncode(utf8Encode(JSON.stringify(v)))),
    fc
      .record(
        {
          publicKey: fc.oneof(hex(33), printable(70), fc.constant(generateP256KeyPair().publicKeyHex)),
          scheme: fc.oneof(fc.constant("SIGNATURE_SCHEME_TK_API_P256"), printable(30)),
          signature: fc.oneof(hex(70), printable(40)),
        },
        { requiredKeys: [] },
      )
      .map((o) => base64urlEncode(utf8Encode(JSON.stringify(o)))),
    fc.constant(makeStamp({ payload: "x", privateKeyHex: generateP256KeyPair().privateKeyHex })),
  );
  const requestIdLike = () =>
    fc.oneof(
      printable(60),
      uuid.map((u) => `Request:${u}`),
      fc.constant(real.requestId),
    );
  const headersArb = () =>
    fc.record(
      {
        "Service-Wallet-Signature": stampLike,
        "Request-Id": requestIdLike(),
        "content-type": fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded"),
      },
      { requiredKeys: [] },
    );
  const idArb = (type: string, realId: () => string) =>
    fc.oneof(
      printable(60),
      uuid.map((u) => `${type}:${u}`),
      fc.constant(realId()),
      fc.string({ maxLength: 30 }),
    );

  function bodyArb(seeds: unknown[]): fc.Arbitrary<string | undefined> {
    const mutated = fc
      .tuple(fc.constantFrom(...seeds), fc.jsonValue(), fc.string({ maxLength: 20 }))
      .map(([seed, v, k]) => {
        const o = { ...(seed as Record<string, unknown>) };
        const keys = Object.keys(o);
        const victim = keys.length > 0 && k.length % 2 === 0 ? keys[k.length % keys.length] : k;
        o[victim] = v;
        return JSON.stringify(o);
      });
    return fc.oneof(
      fc.constant(undefined),
      fc.string({ maxLength: 200 }),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.anything().map((v) => {
        try {
          return JSON.stringify(v) ?? "null";
        } catch {
          return "{}";
        }
      }),
      mutated,
      fc.constantFrom(...seeds).map((s) => JSON.stringify(s)),
      fc.constantFrom(...seeds).map((s) => JSON.stringify(s).slice(0, -1)),
    );
  }

  const endpoints: Endpoint[] = [
    {
      name: "POST /auth/credentials",
      method: "POST",
      path: () => "/auth/credentials",
      seeds: () => [
        { type: "EMAIL_OTP", accountId: real.accountId },
        { type: "OAUTH", accountId: real.accountId, oidcToken: "a.b.c" },
        {
          type: "PASSKEY",
          accountId: real.accountId,
          nickname: "k",
          challenge: "abc",
          attestation: { credentialId: "x", clientDataJson: "y", attestationObject: "z", transports: [] },
        },
      ],
    },
    {
      name: "GET /auth/credentials",
      method: "GET",
      path: (id) => `/auth/credentials?accountId=${encodeURIComponent(id)}`,
      seeds: () => [{}],
    },
    {
      name: "DELETE /auth/credentials/{id}",
      method: "DELETE",
      path: (id) => `/auth/credentials/${encodeURIComponent(id)}`,
      seeds: () => [{}],
    },
    {
      name: "POST /auth/credentials/{id}/challenge",
      method: "POST",
      path: (id) => `/auth/credentials/${encodeURIComponent(id)}/challenge`,
      seeds: () => [{}, { clientPublicKey: generateP256KeyPair().publicKeyHex }],
    },
    {
      name: "POST /auth/credentials/{id}/verify",
      method: "POST",
      path: (id) => `/auth/credentials/${encodeURIComponent(id)}/verify`,
      seeds: () => [
        {
          type: "EMAIL_OTP",
          encryptedOtpBundle: JSON.stringify({
            encappedPublic: generateP256KeyPair().publicKeyUncompressedHex,
            ciphertext: "00".repeat(48),
          }),
        },
        { type: "OAUTH", oidcToken: "a.b.c", clientPublicKey: generateP256KeyPair().publicKeyHex },
        {
          type: "PASSKEY",
          assertion: { credentialId: "a", clientDataJson: "b", authenticatorData: "c", signature: "d" },
        },
      ],
    },
    {
      name: "GET /auth/sessions",
      method: "GET",
      path: (id) => `/auth/sessions?accountId=${encodeURIComponent(id)}`,
      seeds: () => [{}],
    },
    {
      name: "POST /auth/sessions/{id}/refresh",
      method: "POST",
      path: (id) => `/auth/sessions/${encodeURIComponent(id)}/refresh`,
      seeds: () => [{ clientPublicKey: generateP256KeyPair().publicKeyHex }],
    },
    {
      name: "DELETE /auth/sessions/{id}",
      method: "DELETE",
      path: (id) => `/auth/sessions/${encodeURIComponent(id)}`,
      seeds: () => [{}],
    },
  ];

  function idFor(e: Endpoint): fc.Arbitrary<string> {
    if (e.name.includes("/auth/sessions/")) return idArb("Session", () => real.sessionId);
    if (e.name.includes("/auth/credentials/")) return idArb("AuthMethod", () => real.credentialId);
    return idArb("InternalAccount", () => real.accountId);
  }

  async function send(e: Endpoint, c: Case): Promise<{ status: number; text: string }> {
    // Uncompressed answers (identity): the property is about the answers, and gzip is a tenth of the server's CPU.
    const headers: Record<string, string> = { "accept-encoding": "identity", authorization: p.auth, ...c.headers };
    const res = await fetch(`${api()}${c.path}`, {
      method: e.method,
      headers,
      body: e.method === "GET" ? undefined : c.body,
    });
    return { status: res.status, text: await res.text() };
  }

  for (const e of endpoints) {
    it(`${e.name}: ${RUNS} malformed requests, never a 5xx, always the error object`, async () => {
      const arb = fc.record({ id: idFor(e), body: bodyArb(e.seeds()), headers: headersArb() });
      const cases: Case[] = fc.sample(arb, RUNS).map((x) => ({ path: e.path(x.id), body: x.body, headers: x.headers }));
      const failures: string[] = [];
      let next = 0;
      const statuses = new Map<number, number>();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < cases.length) {
            const c = cases[next++];
            const r = await send(e, c);
            statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
            if (r.status >= 500)
              failures.push(`${r.status} for ${JSON.stringify(c).slice(0, 300)}: ${r.text.slice(0, 200)}`);
            else if (r.status >= 400) {
              let body: Record<string, unknown> | undefined;
              try {
                body = JSON.parse(r.text);
              } catch {}
              const ok =
                body && body.status === r.status && typeof body.code === "string" && typeof body.message === "string";
              if (!ok)
                failures.push(
                  `not an error object (${r.status}) for ${JSON.stringify(c).slice(0, 300)}: ${r.text.slice(0, 200)}`,
                );
            }
          }
        }),
      );
      expect(failures.slice(0, 5)).toEqual([]);
      expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(RUNS);
      // The generator reaches the refusals, not only the validator.
      expect([...statuses.keys()].some((s) => s !== 400)).toBe(true);
    }, 120_000);
  }
});
