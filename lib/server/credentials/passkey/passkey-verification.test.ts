import { describe, expect, it } from "vitest";
import { utf8Encode } from "@/lib/shared/crypto/web";
import { ApiError } from "@/lib/server/core/errors";
import { registrationChallenge, SoftAuthenticator } from "@/test/support/soft-authenticator";
import { verifyPasskeyAssertion } from "./verify-passkey-assertion";
import { verifyPasskeyRegistration } from "./verify-passkey-registration";
import { passkeySessionPayload } from "./session-payload";

const webauthn = { rpId: "localhost", origins: ["http://localhost:3000"] };

async function reason(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    const err = e as ApiError;
    return `${err.code}:${(err.details?.reason as string) ?? ""}`;
  }
  throw new Error("expected a refusal");
}

describe("passkey registration (verifyRegistrationResponse)", () => {
  it("accepts a spec-conformant 'none' attestation and keeps the COSE key and counter", async () => {
    const auth = new SoftAuthenticator("localhost", "http://localhost:3000");
    const challenge = registrationChallenge();
    const att = auth.create(challenge);
    const v = await verifyPasskeyRegistration(webauthn, challenge, att);
    expect(v.credentialId).toBe(att.credentialId);
    expect(v.signCount).toBe(0);
    expect(v.publicKey.length).toBeGreaterThan(60);
  });

  it("refuses another challenge, origin, RP ID, a missing UP flag, a short challenge and a swapped credential id", async () => {
    const auth = new SoftAuthenticator("localhost", "http://localhost:3000");
    const c = registrationChallenge();
    expect(await reason(verifyPasskeyRegistration(webauthn, registrationChallenge(), auth.create(c)))).toBe(
      "UNAUTHORIZED:ATTESTATION_CHALLENGE_MISMATCH",
    );
    expect(
      await reason(verifyPasskeyRegistration(webauthn, c, auth.create(c, { origin: "https://evil.example" }))),
    ).toBe("UNAUTHORIZED:ATTESTATION_ORIGIN_MISMATCH");
    expect(await reason(verifyPasskeyRegistration(webauthn, c, auth.create(c, { rpId: "evil.example" })))).toBe(
      "UNAUTHORIZED:ATTESTATION_RP_ID_MISMATCH",
    );
    expect(await reason(verifyPasskeyRegistration(webauthn, c, auth.create(c, { noUserPresence: true })))).toBe(
      "UNAUTHORIZED:ATTESTATION_USER_NOT_PRESENT",
    );
    expect(await reason(verifyPasskeyRegistration(webauthn, c, auth.create(c, { type: "webauthn.get" })))).toBe(
      "UNAUTHORIZED:ATTESTATION_TYPE_MISMATCH",
    );
    const short = Buffer.alloc(16, 7).toString("base64url");
    expect(await reason(verifyPasskeyRegistration(webauthn, short, auth.create(short)))).toBe("INVALID_INPUT:");
    const a = auth.create(c);
    const b = auth.create(c);
    expect(await reason(verifyPasskeyRegistration(webauthn, c, { ...a, credentialId: b.credentialId }))).toBe(
      "UNAUTHORIZED:ATTESTATION_CREDENTIAL_ID_MISMATCH",
    );
    expect(await reason(verifyPasskeyRegistration(webauthn, c, { ...a, attestationObject: "AAAA" }))).toBe(
      "UNAUTHORIZED:ATTESTATION_MALFORMED",
    );
  });
});

describe("passkey assertion (verifyAuthenticationResponse)", () => {
  async function setup() {
    const auth = new SoftAuthenticator("localhost", "http://localhost:3000");
    const c = registrationChallenge();
    const att = auth.create(c);
    const passkey = await verifyPasskeyRegistration(webauthn, c, att);
    const { challenge } = passkeySessionPayload({
      organizationId: "Platform:x",
      authMethodId: "AuthMethod:y",
      credentialId: passkey.credentialId,
      clientPublicKey: `02${"11".repeat(32)}`,
      requestId: "Request:z",
      timestampMs: 1,
    });
    return { auth, passkey, challenge };
  }

  it("verifies an assertion over the UTF-8 bytes of the hex challenge and returns the new counter", async () => {
    const { auth, passkey, challenge } = await setup();
    expect(challenge).toMatch(/^[0-9a-f]{64}$/);
    const assertion = auth.get(passkey.credentialId, utf8Encode(challenge));
    expect(await verifyPasskeyAssertion({ webauthn, passkey, challengeHex: challenge, assertion })).toEqual({
      newCounter: 1,
    });
  });

  it("refuses each faulty assertion naming the check", async () => {
    const { auth, passkey, challenge } = await setup();
    const ch = utf8Encode(challenge);
    const run = (
      assertion: ReturnType<SoftAuthenticator["get"]>,
      signCount = passkey.signCount,
      challengeHex = challenge,
    ) => reason(verifyPasskeyAssertion({ webauthn, passkey: { ...passkey, signCount }, challengeHex, assertion }));
    expect(await run(auth.get(passkey.credentialId, ch, { origin: "https://evil.example" }))).toBe(
      "UNAUTHORIZED:ASSERTION_ORIGIN_MISMATCH",
    );
    expect(await run(auth.get(passkey.credentialId, ch, { rpId: "evil.example" }))).toBe(
      "UNAUTHORIZED:ASSERTION_RP_ID_MISMATCH",
    );
    expect(await run(auth.get(passkey.credentialId, ch, { noUserPresence: true }))).toBe(
      "UNAUTHORIZED:ASSERTION_USER_NOT_PRESENT",
    );
    expect(await run(auth.get(passkey.credentialId, ch, { badSignature: true }))).toBe(
      "UNAUTHORIZED:ASSERTION_SIGNATURE_INVALID",
    );
    expect(await run(auth.get(passkey.credentialId, ch, { wrongKey: true }))).toBe(
      "UNAUTHORIZED:ASSERTION_SIGNATURE_INVALID",
    );
    // Base64url-decoding the hex challenge instead of UTF-8 encoding it (a known integrator mistake) fails.
    expect(await run(auth.get(passkey.credentialId, Buffer.from(challenge, "hex")))).toBe(
      "UNAUTHORIZED:ASSERTION_CHALLENGE_MISMATCH",
    );
    // Counter: a value not above the stored one is a cloned authenticator or a replay.
    const good = auth.get(passkey.credentialId, ch);
    expect(await run(good, 50)).toBe("UNAUTHORIZED:ASSERTION_COUNTER_INVALID");
    const other = await setup();
    expect(await run(other.auth.get(other.passkey.credentialId, ch))).toBe(
      "UNAUTHORIZED:ASSERTION_CREDENTIAL_MISMATCH",
    );
  });
});

describe("one assertion check for wallet and SCA passkeys", () => {
  const two = { rpId: "localhost", origins: ["http://localhost:3000", "http://localhost:3001"] };

  it("checks an SCA proof (its own WebAuthn challenge, a stated origin) by the same rules, the stricter of both", async () => {
    const auth = new SoftAuthenticator("localhost", "http://localhost:3000");
    const c = registrationChallenge();
    const passkey = await verifyPasskeyRegistration(two, c, auth.create(c), "http://localhost:3000");
    const challenge = registrationChallenge();
    const bytes = Buffer.from(challenge, "base64url");
    const sca = (assertion: ReturnType<SoftAuthenticator["get"]>, origin: string, signCount = 0) =>
      verifyPasskeyAssertion({
        webauthn: two,
        passkey: { ...passkey, signCount },
        webauthnChallenge: challenge,
        origin,
        assertion,
      });
    expect(await sca(auth.get(passkey.credentialId, bytes), "http://localhost:3000")).toEqual({ newCounter: 1 });
    // The stated origin must be the platform's and the one signed (SCA's rule), …
    expect(await reason(sca(auth.get(passkey.credentialId, bytes), "https://evil.example"))).toBe(
      "UNAUTHORIZED:ASSERTION_ORIGIN_MISMATCH",
    );
    expect(await reason(sca(auth.get(passkey.credentialId, bytes), "http://localhost:3001"))).toBe(
      "UNAUTHORIZED:ASSERTION_ORIGIN_MISMATCH",
    );
    // … a counter that does not move forward is refused (both), and so is a part that is not base64url (the wallet's).
    expect(await reason(sca(auth.get(passkey.credentialId, bytes), "http://localhost:3000", 50))).toBe(
      "UNAUTHORIZED:ASSERTION_COUNTER_INVALID",
    );
    const padded = { ...auth.get(passkey.credentialId, bytes), signature: "!!" };
    expect(await reason(sca(padded, "http://localhost:3000"))).toBe("INVALID_INPUT:");
  });

  it("checks an SCA enrollment's registration at its stated origin", async () => {
    const auth = new SoftAuthenticator("localhost", "http://localhost:3000");
    const c = registrationChallenge();
    expect(await reason(verifyPasskeyRegistration(two, c, auth.create(c), "http://localhost:3001"))).toBe(
      "UNAUTHORIZED:ATTESTATION_ORIGIN_MISMATCH",
    );
    expect(await reason(verifyPasskeyRegistration(two, c, auth.create(c), "https://evil.example"))).toBe(
      "UNAUTHORIZED:ATTESTATION_ORIGIN_MISMATCH",
    );
  });
});
