/**
 * lib/integrator/browser WebCrypto paths checked against lib/shared/crypto/web (Node 20 has WebCrypto): stamps made
 * with a non-extractable key verify, and sealed session keys / export bundles open with a
 * non-extractable transport key pair. IndexedDB custody is covered by the Playwright tests.
 */
import { describe, expect, it } from "vitest";
import {
  generateP256KeyPair,
  makeEnclaveBundle,
  makeExportBundle,
  parseStamp,
  sealCredentialBundle,
  verifyStamp,
} from "@/lib/shared/crypto/web";
import { openExport, openSessionKey, sealOtp } from "./bundles";
import { generateSessionKey, generateTransportKey, importSessionScalar } from "./keys";
import { stampPayload } from "./stamp";

describe("lib/integrator/browser crypto", () => {
  it("stamps payloadToSign with a non-extractable WebCrypto key; the stamp verifies (DER, compressed key)", async () => {
    const key = await generateSessionKey();
    expect(key.privateKey.extractable).toBe(false);
    const payload =
      '{"organizationId":"Platform:x","parameters":{},"requestId":"Request:y","timestampMs":"1","type":"ACTIVITY_TYPE_X"}';
    const stamp = parseStamp(await stampPayload(payload, key));
    expect(stamp.publicKey).toBe(key.publicKeyHex);
    expect(key.publicKeyHex).toMatch(/^0[23][0-9a-f]{64}$/);
    expect(verifyStamp(stamp, payload)).toBe(true);
    expect(verifyStamp(stamp, `${payload} `)).toBe(false);
  });

  it("opens encryptedSessionSigningKey with a non-extractable ECDH key and imports the scalar as a signer", async () => {
    const transport = await generateTransportKey();
    expect(transport.keyPair.privateKey.extractable).toBe(false);
    const session = generateP256KeyPair();
    const bundle = await sealCredentialBundle({
      privateKeyHex: session.privateKeyHex,
      recipientPublicKeyHex: transport.publicKeyHex,
    });
    const key = await importSessionScalar(await openSessionKey(bundle, transport));
    expect(key.publicKeyHex).toBe(session.publicKeyHex);
    const stamp = parseStamp(await stampPayload("hello", key));
    expect(verifyStamp(stamp, "hello")).toBe(true);
    // Another browser's key cannot open it.
    await expect(openSessionKey(bundle, await generateTransportKey())).rejects.toThrow(/does not open/);
  });

  it("opens an export bundle after checking the pinned enclave key and the organization", async () => {
    const enclave = generateP256KeyPair();
    const transport = await generateTransportKey();
    const mnemonic = "abandon ability able about above absent absorb abstract absurd abuse access accident";
    const bundle = await makeExportBundle({
      plaintext: mnemonic,
      clientPublicKeyHex: transport.publicKeyHex,
      organizationId: "Platform:p",
      signingPrivateKeyHex: enclave.privateKeyHex,
    });
    const pinned = enclave.publicKeyHex;
    expect(await openExport(bundle, transport, pinned, "Platform:p")).toBe(mnemonic);
    await expect(openExport(bundle, transport, pinned, "Platform:other")).rejects.toThrow(/organizationId/);
    await expect(openExport(bundle, transport, generateP256KeyPair().publicKeyHex, "Platform:p")).rejects.toThrow();
  });

  it("refuses to seal an OTP to a target bundle signed by a key other than the pinned one", async () => {
    const enclave = generateP256KeyPair();
    const target = generateP256KeyPair();
    const bundle = makeEnclaveBundle({
      data: { targetPublic: target.publicKeyHex, organizationId: "Platform:p", userId: "InternalAccount:a" },
      signingPrivateKeyHex: enclave.privateKeyHex,
    });
    const session = await generateSessionKey();
    const sealed = await sealOtp({
      otpCode: "000000",
      sessionPublicKeyHex: session.publicKeyHex,
      targetBundle: bundle,
      pinnedEnclavePublicHex: enclave.publicKeyHex,
    });
    expect(JSON.parse(sealed)).toHaveProperty("encappedPublic");
    await expect(
      sealOtp({
        otpCode: "000000",
        sessionPublicKeyHex: session.publicKeyHex,
        targetBundle: bundle,
        pinnedEnclavePublicHex: generateP256KeyPair().publicKeyHex,
      }),
    ).rejects.toThrow(/rejected/);
  });
});
