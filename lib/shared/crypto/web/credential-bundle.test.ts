import { describe, expect, it } from "vitest";
import { bytesToHex, hexToBytes } from "./encoding";
import { base58check, openCredentialBundle, sealCredentialBundle } from "./credential-bundle";
import { generateP256KeyPair } from "./p256";
import { BASE58CHECK, CREDENTIAL_BUNDLE } from "./test-vectors";

describe("base58check", () => {
  it.each(BASE58CHECK)("encodes $payloadHex → $text and back", ({ payloadHex, text }) => {
    expect(base58check.encode(hexToBytes(payloadHex))).toBe(text);
    expect(bytesToHex(base58check.decode(text))).toBe(payloadHex);
  });
  it("rejects a wrong checksum", () => {
    expect(() => base58check.decode("16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvN")).toThrow();
  });
});

describe("credential bundle", () => {
  it("opens the published vector", async () => {
    expect(
      await openCredentialBundle({
        bundle: CREDENTIAL_BUNDLE.bundle,
        recipientPrivateKeyHex: CREDENTIAL_BUNDLE.recipientPrivateKeyHex,
      }),
    ).toBe(CREDENTIAL_BUNDLE.expectedPrivateKeyHex);
  });
  it("round-trips to an uncompressed or compressed recipient; 81 bytes, compressed enc", async () => {
    const recipient = generateP256KeyPair();
    const session = generateP256KeyPair();
    for (const recipientPublicKeyHex of [recipient.publicKeyUncompressedHex, recipient.publicKeyHex]) {
      const bundle = await sealCredentialBundle({ privateKeyHex: session.privateKeyHex, recipientPublicKeyHex });
      const raw = base58check.decode(bundle);
      expect(raw).toHaveLength(33 + 32 + 16);
      expect([0x02, 0x03]).toContain(raw[0]);
      expect(await openCredentialBundle({ bundle, recipientPrivateKeyHex: recipient.privateKeyHex })).toBe(
        session.privateKeyHex,
      );
    }
  });
  it("fails for another recipient, a tampered body or a broken checksum", async () => {
    const recipient = generateP256KeyPair();
    const bundle = await sealCredentialBundle({
      privateKeyHex: generateP256KeyPair().privateKeyHex,
      recipientPublicKeyHex: recipient.publicKeyHex,
    });
    await expect(
      openCredentialBundle({ bundle, recipientPrivateKeyHex: generateP256KeyPair().privateKeyHex }),
    ).rejects.toThrow(/decryption failed/);
    const raw = base58check.decode(bundle);
    raw[40] ^= 1;
    await expect(
      openCredentialBundle({ bundle: base58check.encode(raw), recipientPrivateKeyHex: recipient.privateKeyHex }),
    ).rejects.toThrow(/decryption failed/);
    const flipped = bundle.slice(0, -1) + (bundle.endsWith("1") ? "2" : "1");
    await expect(
      openCredentialBundle({ bundle: flipped, recipientPrivateKeyHex: recipient.privateKeyHex }),
    ).rejects.toThrow(/base58check/);
    await expect(
      openCredentialBundle({
        bundle: base58check.encode(new Uint8Array(40)),
        recipientPrivateKeyHex: recipient.privateKeyHex,
      }),
    ).rejects.toThrow(/more than 49 bytes/);
  });
});
