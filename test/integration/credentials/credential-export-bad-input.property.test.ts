import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { base64urlEncode, generateP256KeyPair, makeStamp, utf8Encode } from "@/lib/shared/crypto/web";
import { api, newPlatform, type TestPlatform } from "../../support/api";
import { passkeyBody, registerPasskey, softAuthenticator } from "../../support/credentials";
import { nowSeconds } from "../../support/oidc-issuer";
import { registrationChallenge } from "../../support/soft-authenticator";
import { newWalletUser, sdkFor, signInWithEmailOtp } from "../../support/wallet";

/**
 * Property: whatever malformed body and headers arrive at the PASSKEY/OAUTH credential
 * paths, the wallet export or the customer update, the answer is never a 5xx and every error is the error
 * object. Seeds are real, valid-looking requests (a software-authenticator attestation and assertion, a
 * JWT-shaped token) that fast-check mutates; 2,000 cases per endpoint, sent concurrently.
 */
const RUNS = 2000;
const CONCURRENCY = 24;

const printable = (max: number) => fc.string({ maxLength: max }).map((s) => s.replace(/[^\x20-\x7e]/g, ""));
const hex = (n: number) => fc.uint8Array({ minLength: n, maxLength: n }).map((b) => Buffer.from(b).toString("hex"));
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");

interface Endpoint {
  name: string;
  method: "POST" | "PATCH";
  path: (id: string) => string;
  ids: () => fc.Arbitrary<string>;
  seeds: () => unknown[];
}

describe("bad input never yields a 500 on the part-2 endpoints (fast-check)", () => {
  let p: TestPlatform;
  let real: {
    accountId: string;
    customerId: string;
    passkeyId: string;
    oauthId: string;
    requestId: string;
    seeds: Record<string, unknown[]>;
  };

  beforeAll(async () => {
    p = await newPlatform();
    const client = sdkFor(p);
    const user = await newWalletUser(p, client);
    const { key } = await signInWithEmailOtp(client, user.credentialId);
    const auth = softAuthenticator();
    const passkey = await registerPasskey(client, user.accountId, key.privateKeyHex, auth);
    const claims = {
      iss: "https://accounts.google.com",
      sub: "fuzz",
      aud: "a",
      iat: nowSeconds(),
      exp: nowSeconds() + 3600,
      email: "f@example.com",
    };
    const token = `${b64({ alg: "RS256" })}.${b64(claims)}.c2ln`;
    const add = await client.addCredential({ type: "OAUTH", accountId: user.accountId, oidcToken: token });
    const oauth = await client.addCredential(
      { type: "OAUTH", accountId: user.accountId, oidcToken: token },
      {
        "Service-Wallet-Signature": makeStamp({
          payload: (add.body as { payloadToSign: string }).payloadToSign,
          privateKeyHex: key.privateKeyHex,
        }),
        "Request-Id": (add.body as { requestId: string }).requestId,
      },
    );
    const exp = await client.exportWallet(user.accountId, generateP256KeyPair().publicKeyUncompressedHex);
    const challenge = registrationChallenge();
    const att = auth.create(challenge);
    const assertion = auth.get(passkey.credentialId!, utf8Encode("00".repeat(32)));
    const cpk = generateP256KeyPair();
    real = {
      accountId: user.accountId,
      customerId: user.customerId,
      passkeyId: passkey.id,
      oauthId: (oauth.body as { id: string }).id,
      requestId: (exp.body as { requestId: string }).requestId,
      seeds: {
        add: [
          passkeyBody(user.accountId, att, challenge),
          { type: "OAUTH", accountId: user.accountId, oidcToken: token },
        ],
        challenge: [{ clientPublicKey: cpk.publicKeyHex }, { clientPublicKey: cpk.publicKeyUncompressedHex }, {}],
        verify: [
          { type: "PASSKEY", assertion },
          { type: "OAUTH", oidcToken: token, clientPublicKey: cpk.publicKeyHex },
          {
            type: "OAUTH",
            oidcToken: `${b64({ alg: "none" })}.${b64({ ...claims, nonce: 5 })}.`,
            clientPublicKey: cpk.publicKeyHex,
          },
        ],
        export: [{ clientPublicKey: cpk.publicKeyUncompressedHex }, { clientPublicKey: cpk.publicKeyHex }],
        patch: [
          { email: "new@example.com" },
          { email: "new@example.com", fullName: "X" },
          { fullName: "Y", address: { line1: "a", postalCode: "1", country: "US" } },
        ],
      },
    };
  });

  const stampLike = fc.oneof(
    printable(120),
    fc.jsonValue().map((v) => base64urlEncode(utf8Encode(JSON.stringify(v)))),
    fc
      .record(
        {
          publicKey: fc.oneof(hex(33), printable(70)),
          scheme: fc.oneof(fc.constant("SIGNATURE_SCHEME_TK_API_P256"), printable(30)),
          signature: fc.oneof(hex(70), printable(40)),
        },
        { requiredKeys: [] },
      )
      .map((o) => base64urlEncode(utf8Encode(JSON.stringify(o)))),
    fc.constant(makeStamp({ payload: "x", privateKeyHex: generateP256KeyPair().privateKeyHex })),
  );
  const headersArb = () =>
    fc.record(
      {
        "Service-Wallet-Signature": stampLike,
        "Request-Id": fc.oneof(
          printable(60),
          fc.uuid().map((u) => `Request:${u}`),
          fc.constant(real.requestId),
        ),
        "content-type": fc.constantFrom("application/json", "text/plain"),
      },
      { requiredKeys: [] },
    );
  const idArb = (type: string, realIds: () => string[]) =>
    fc.oneof(
      printable(60),
      fc.uuid().map((u) => `${type}:${u}`),
      fc.constantFrom(...realIds()),
      fc.string({ maxLength: 30 }),
    );

  /** Mutate one member, possibly nested one level (the attestation, the assertion, the address). */
  function bodyArb(seeds: unknown[]): fc.Arbitrary<string | undefined> {
    const mutated = fc
      .tuple(fc.constantFrom(...seeds), fc.jsonValue(), fc.nat(), fc.string({ maxLength: 12 }))
      .map(([seed, v, n, k]) => {
        const o = structuredClone(seed) as Record<string, unknown>;
        const keys = Object.keys(o);
        if (keys.length === 0) return JSON.stringify({ [k]: v });
        const key = keys[n % keys.length];
        const inner = o[key];
        if (inner && typeof inner === "object" && !Array.isArray(inner) && n % 3 === 0) {
          const ik = Object.keys(inner);
          (inner as Record<string, unknown>)[ik.length ? ik[n % ik.length] : k] = v;
        } else if (n % 5 === 0) delete o[key];
        else o[key] = v;
        return JSON.stringify(o);
      });
    return fc.oneof(
      fc.constant(undefined),
      fc.string({ maxLength: 200 }),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      mutated,
      mutated,
      fc.constantFrom(...seeds).map((s) => JSON.stringify(s)),
      fc.constantFrom(...seeds).map((s) => JSON.stringify(s).slice(0, -1)),
    );
  }

  const endpoints: Endpoint[] = [
    {
      name: "POST /auth/credentials (PASSKEY, OAUTH)",
      method: "POST",
      path: () => "/auth/credentials",
      ids: () => fc.constant(""),
      seeds: () => real.seeds.add,
    },
    {
      name: "POST /auth/credentials/{id}/challenge (PASSKEY)",
      method: "POST",
      path: (id) => `/auth/credentials/${encodeURIComponent(id)}/challenge`,
      ids: () => idArb("AuthMethod", () => [real.passkeyId]),
      seeds: () => real.seeds.challenge,
    },
    {
      name: "POST /auth/credentials/{id}/verify (PASSKEY, OAUTH)",
      method: "POST",
      path: (id) => `/auth/credentials/${encodeURIComponent(id)}/verify`,
      ids: () => idArb("AuthMethod", () => [real.passkeyId, real.oauthId]),
      seeds: () => real.seeds.verify,
    },
    {
      name: "POST /internal-accounts/{id}/export",
      method: "POST",
      path: (id) => `/internal-accounts/${encodeURIComponent(id)}/export`,
      ids: () => idArb("InternalAccount", () => [real.accountId]),
      seeds: () => real.seeds.export,
    },
    {
      name: "PATCH /customers/{customerId}",
      method: "PATCH",
      path: (id) => `/customers/${encodeURIComponent(id)}`,
      ids: () => idArb("Customer", () => [real.customerId]),
      seeds: () => real.seeds.patch,
    },
  ];

  for (const e of endpoints) {
    it(`${e.name}: ${RUNS} malformed requests, never a 5xx, always the error object`, async () => {
      const arb = fc.record({ id: e.ids(), body: bodyArb(e.seeds()), headers: headersArb() });
      const cases = fc.sample(arb, RUNS).map((x) => ({ path: e.path(x.id), body: x.body, headers: x.headers }));
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < cases.length) {
            const c = cases[next++];
            const res = await fetch(`${api()}${c.path}`, {
              method: e.method,
              // Uncompressed answers: the property is about the answers, and gzip is a tenth of the server's CPU.
              headers: { "accept-encoding": "identity", authorization: p.auth, ...c.headers },
              body: c.body,
            });
            const text = await res.text();
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (res.status >= 500)
              failures.push(`${res.status} for ${JSON.stringify(c).slice(0, 300)}: ${text.slice(0, 300)}`);
            else if (res.status >= 400) {
              let body: Record<string, unknown> | undefined;
              try {
                body = JSON.parse(text);
              } catch {}
              if (
                !(
                  body &&
                  body.status === res.status &&
                  typeof body.code === "string" &&
                  typeof body.message === "string"
                )
              ) {
                failures.push(
                  `not an error object (${res.status}) for ${JSON.stringify(c).slice(0, 300)}: ${text.slice(0, 200)}`,
                );
              }
            }
          }
        }),
      );
      expect(failures.slice(0, 5)).toEqual([]);
      expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(RUNS);
      // The generator gets past validation to the handlers' own refusals.
      expect([...statuses.keys()].filter((s) => s !== 400).length).toBeGreaterThan(0);
    }, 180_000);
  }
});
