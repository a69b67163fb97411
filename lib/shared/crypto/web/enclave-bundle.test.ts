import { describe, expect, it } from "vitest";
import { bytesToHex, hexToBytes, utf8Decode } from "./encoding";
import { makeEnclaveBundle, verifyEnclaveBundle } from "./enclave-bundle";
import { p256 } from "@noble/curves/nist.js";
import { generateP256KeyPair, verifyDerHex } from "./p256";
import { EXPORT_BUNDLE } from "./test-vectors";

describe("enclave bundle", () => {
  it("verifies the published high-S export bundle against its pinned signer", () => {
    const outer = JSON.parse(EXPORT_BUNDLE.bundle);
    const sig = p256.Signature.fromBytes(hexToBytes(outer.dataSignature), "der");
    expect(sig.hasHighS()).toBe(true);
    const data = verifyEnclaveBundle(EXPORT_BUNDLE.bundle, EXPORT_BUNDLE.signerPublicHex);
    expect(Object.keys(data)).toEqual(["encappedPublic", "ciphertext", "organizationId"]);
    expect(data.organizationId).toBe(EXPORT_BUNDLE.organizationId);
  });
  it("makes the exact outer shape: version, hex of compact JSON, DER over the raw bytes, uncompressed signer", () => {
    const signer = generateP256KeyPair();
    const bundle = makeEnclaveBundle({
      data: { targetPublic: "04ab", organizationId: "Platform:1", userId: "u" },
      signingPrivateKeyHex: signer.privateKeyHex,
    });
    const outer = JSON.parse(bundle);
    expect(Object.keys(outer)).toEqual(["version", "data", "dataSignature", "enclaveQuorumPublic"]);
    expect(outer.version).toBe("v1.0.0");
    expect(outer.data).toMatch(/^[0-9a-f]+$/);
    expect(utf8Decode(hexToBytes(outer.data))).toBe(
      '{"targetPublic":"04ab","organizationId":"Platform:1","userId":"u"}',
    );
    expect(outer.enclaveQuorumPublic).toBe(signer.publicKeyUncompressedHex);
    expect(verifyDerHex(signer.publicKeyHex, outer.dataSignature, hexToBytes(outer.data))).toBe(true);
    expect(verifyEnclaveBundle(bundle, signer.publicKeyUncompressedHex)).toEqual({
      targetPublic: "04ab",
      organizationId: "Platform:1",
      userId: "u",
    });
    // The pin may be given compressed or in upper case.
    expect(verifyEnclaveBundle(bundle, signer.publicKeyHex.toUpperCase()).userId).toBe("u");
  });
  it("rejects another signer, a tampered data byte, a wrong version, malformed JSON", () => {
    const signer = generateP256KeyPair();
    const other = generateP256KeyPair();
    const bundle = makeEnclaveBundle({ data: { a: 1 }, signingPrivateKeyHex: signer.privateKeyHex });
    expect(() => verifyEnclaveBundle(bundle, other.publicKeyUncompressedHex)).toThrow(
      new RegExp(
        `expected enclaveQuorumPublic ${other.publicKeyUncompressedHex}, received ${signer.publicKeyUncompressedHex}`,
      ),
    );
    const outer = JSON.parse(bundle);
    const data = hexToBytes(outer.data);
    data[1] ^= 1;
    expect(() =>
      verifyEnclaveBundle(JSON.stringify({ ...outer, data: bytesToHex(data) }), signer.publicKeyHex),
    ).toThrow(/dataSignature does not verify/);
    // A signature from another key but a claimed signer equal to the pin.
    const forged = makeEnclaveBundle({ data: { a: 1 }, signingPrivateKeyHex: other.privateKeyHex });
    expect(() =>
      verifyEnclaveBundle(
        JSON.stringify({ ...JSON.parse(forged), enclaveQuorumPublic: signer.publicKeyUncompressedHex }),
        signer.publicKeyHex,
      ),
    ).toThrow(/does not verify/);
    expect(() => verifyEnclaveBundle(JSON.stringify({ ...outer, version: "v2" }), signer.publicKeyHex)).toThrow(
      /expected version "v1.0.0", received "v2"/,
    );
    expect(() => verifyEnclaveBundle(JSON.stringify({ ...outer, version: undefined }), signer.publicKeyHex)).toThrow(
      /expected version/,
    );
    expect(() => verifyEnclaveBundle("{", signer.publicKeyHex)).toThrow(/JSON/);
    expect(() => verifyEnclaveBundle("[]", signer.publicKeyHex)).toThrow(/object/);
    expect(() => verifyEnclaveBundle(JSON.stringify({ ...outer, data: "xyz" }), signer.publicKeyHex)).toThrow(/hex/);
    expect(() => verifyEnclaveBundle(bundle, "04")).toThrow(/pinned/);
  });
});
