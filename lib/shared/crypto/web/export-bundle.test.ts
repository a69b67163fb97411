import { describe, expect, it } from "vitest";
import { hexToBytes, utf8Decode } from "./encoding";
import { makeExportBundle, openExportBundle } from "./export-bundle";
import { generateP256KeyPair } from "./p256";
import { EXPORT_BUNDLE } from "./test-vectors";

const MNEMONIC = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

describe("export bundle", () => {
  it("opens the published vector (high-S signature, production signer)", async () => {
    expect(
      await openExportBundle({
        bundle: EXPORT_BUNDLE.bundle,
        privateKeyHex: EXPORT_BUNDLE.recipientPrivateKeyHex,
        pinnedEnclavePublicHex: EXPORT_BUNDLE.signerPublicHex,
        organizationId: EXPORT_BUNDLE.organizationId,
      }),
    ).toBe(EXPORT_BUNDLE.expectedMnemonic);
  });
  it("round-trips with data {encappedPublic, ciphertext, organizationId}", async () => {
    const enclave = generateP256KeyPair();
    const client = generateP256KeyPair();
    const bundle = await makeExportBundle({
      plaintext: MNEMONIC,
      clientPublicKeyHex: client.publicKeyUncompressedHex,
      organizationId: "Platform:1",
      signingPrivateKeyHex: enclave.privateKeyHex,
    });
    const outer = JSON.parse(bundle);
    const data = JSON.parse(utf8Decode(hexToBytes(outer.data)));
    expect(Object.keys(data)).toEqual(["encappedPublic", "ciphertext", "organizationId"]);
    expect(data.encappedPublic).toMatch(/^04[0-9a-f]{128}$/);
    expect(JSON.stringify(data)).not.toContain("abandon");
    expect(
      await openExportBundle({
        bundle,
        privateKeyHex: client.privateKeyHex,
        pinnedEnclavePublicHex: enclave.publicKeyUncompressedHex,
        organizationId: "Platform:1",
      }),
    ).toBe(MNEMONIC);
  });
  it("refuses another organization, another pin, another recipient", async () => {
    const enclave = generateP256KeyPair();
    const client = generateP256KeyPair();
    const bundle = await makeExportBundle({
      plaintext: MNEMONIC,
      clientPublicKeyHex: client.publicKeyHex,
      organizationId: "Platform:1",
      signingPrivateKeyHex: enclave.privateKeyHex,
    });
    const base = {
      bundle,
      privateKeyHex: client.privateKeyHex,
      pinnedEnclavePublicHex: enclave.publicKeyHex,
      organizationId: "Platform:1",
    };
    await expect(openExportBundle({ ...base, organizationId: "Platform:2" })).rejects.toThrow(
      /expected organizationId Platform:2, received "Platform:1"/,
    );
    await expect(openExportBundle({ ...base, pinnedEnclavePublicHex: client.publicKeyHex })).rejects.toThrow(
      /expected enclaveQuorumPublic/,
    );
    await expect(openExportBundle({ ...base, privateKeyHex: generateP256KeyPair().privateKeyHex })).rejects.toThrow(
      /decryption failed/,
    );
  });
});
