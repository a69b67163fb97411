import { describe, expect, it } from "vitest";
import { bytesToHex, hexToBytes, utf8Decode, utf8Encode } from "./encoding";
import { hpkeOpen, hpkeSeal } from "./hpke";
import { compressPublicKey, generateP256KeyPair } from "./p256";

describe("HPKE (turnkey_hpke, AAD = enc ‖ recipient)", () => {
  it("round-trips to a compressed or an uncompressed recipient key", async () => {
    const k = generateP256KeyPair();
    for (const recipientPublicKeyHex of [k.publicKeyHex, k.publicKeyUncompressedHex]) {
      const sealed = await hpkeSeal({ recipientPublicKeyHex, plaintext: utf8Encode("secret ✓") });
      expect(sealed.encappedPublic).toHaveLength(65);
      expect(sealed.encappedPublic[0]).toBe(0x04);
      expect(sealed.ciphertext).toHaveLength(utf8Encode("secret ✓").length + 16);
      const opened = await hpkeOpen({ recipientPrivateKeyHex: k.privateKeyHex, ...sealed });
      expect(utf8Decode(opened)).toBe("secret ✓");
    }
  });
  it("opens with a compressed encapsulated key", async () => {
    const k = generateP256KeyPair();
    const sealed = await hpkeSeal({ recipientPublicKeyHex: k.publicKeyHex, plaintext: utf8Encode("x") });
    const enc33 = hexToBytes(compressPublicKey(bytesToHex(sealed.encappedPublic)));
    expect(enc33).toHaveLength(33);
    expect(
      utf8Decode(
        await hpkeOpen({
          recipientPrivateKeyHex: k.privateKeyHex,
          encappedPublic: enc33,
          ciphertext: sealed.ciphertext,
        }),
      ),
    ).toBe("x");
  });
  it("uses a fresh ephemeral key per message", async () => {
    const k = generateP256KeyPair();
    const a = await hpkeSeal({ recipientPublicKeyHex: k.publicKeyHex, plaintext: utf8Encode("same") });
    const b = await hpkeSeal({ recipientPublicKeyHex: k.publicKeyHex, plaintext: utf8Encode("same") });
    expect(bytesToHex(a.encappedPublic)).not.toBe(bytesToHex(b.encappedPublic));
    expect(bytesToHex(a.ciphertext)).not.toBe(bytesToHex(b.ciphertext));
  });
  it("fails on a flipped ciphertext byte, a wrong key, or a swapped enc", async () => {
    const k = generateP256KeyPair();
    const sealed = await hpkeSeal({ recipientPublicKeyHex: k.publicKeyHex, plaintext: utf8Encode("secret") });
    const tampered = sealed.ciphertext.slice();
    tampered[0] ^= 1;
    await expect(
      hpkeOpen({
        recipientPrivateKeyHex: k.privateKeyHex,
        encappedPublic: sealed.encappedPublic,
        ciphertext: tampered,
      }),
    ).rejects.toThrow(/decryption failed/);
    await expect(hpkeOpen({ recipientPrivateKeyHex: generateP256KeyPair().privateKeyHex, ...sealed })).rejects.toThrow(
      /decryption failed/,
    );
    const otherEnc = hexToBytes(generateP256KeyPair().publicKeyUncompressedHex);
    await expect(
      hpkeOpen({ recipientPrivateKeyHex: k.privateKeyHex, encappedPublic: otherEnc, ciphertext: sealed.ciphertext }),
    ).rejects.toThrow(/decryption failed/);
    await expect(
      hpkeOpen({
        recipientPrivateKeyHex: k.privateKeyHex,
        encappedPublic: new Uint8Array(65),
        ciphertext: sealed.ciphertext,
      }),
    ).rejects.toThrow(/encapsulated key/);
  });
  it("binds the AAD: a generic HPKE open with empty AAD fails", async () => {
    // Seal with our module, open with a plain @hpke/core context (info set, AAD omitted).
    const { CipherSuite, DhkemP256HkdfSha256, HkdfSha256, Aes256Gcm } = await import("@hpke/core");
    const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
    const k = generateP256KeyPair();
    const sealed = await hpkeSeal({ recipientPublicKeyHex: k.publicKeyHex, plaintext: utf8Encode("x") });
    const recipientKey = await suite.kem.deserializePrivateKey(hexToBytes(k.privateKeyHex).buffer as ArrayBuffer);
    const ctx = await suite.createRecipientContext({
      recipientKey,
      enc: sealed.encappedPublic.slice().buffer,
      info: utf8Encode("turnkey_hpke").slice().buffer,
    });
    await expect(ctx.open(sealed.ciphertext.slice().buffer)).rejects.toThrow();
  });
});
