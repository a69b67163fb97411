import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { base58 } from "@scure/base";
import { describe, expect, it } from "vitest";
import {
  eip191Digest,
  evmAddressOf,
  recoverPersonalSignAddress,
  verifyPersonalSign,
  verifySolanaSignature,
} from "./wallet-ownership-signature";

const ONE = hexToBytes("0000000000000000000000000000000000000000000000000000000000000001");

describe("EIP-191 personal_sign", () => {
  it("derives the well-known address of private key 1", () => {
    expect(evmAddressOf(secp256k1.getPublicKey(ONE, false))).toBe("0x7e5f4552091a69125d5dfcb7b8c2659029395bdf");
  });

  it("hashes with the Ethereum prefix and the byte length (vector: keccak256('\\x19Ethereum Signed Message:\\n11hello world'))", () => {
    expect(bytesToHex(eip191Digest("hello world"))).toBe(
      "d9eba16ed0ecae432b71fe008c98cc872bb4cc214d3220a36f365326cf807d68",
    );
  });

  it("recovers the signer from r‖s‖v with v = 27/28 or 0/1, and rejects other signers and malformed input", () => {
    const msg = "I verify that I control this wallet. Nonce: 42 — ünïcode";
    const sig = secp256k1.sign(eip191Digest(msg), ONE, { prehash: false, format: "recovered" });
    const rs = bytesToHex(sig.subarray(1));
    const eth = `0x${rs}${(27 + sig[0]).toString(16)}`;
    expect(recoverPersonalSignAddress(msg, eth)).toBe("0x7e5f4552091a69125d5dfcb7b8c2659029395bdf");
    expect(verifyPersonalSign("0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf", msg, eth)).toBe(true);
    expect(verifyPersonalSign("0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf", msg, `0x${rs}0${sig[0]}`)).toBe(true);
    expect(verifyPersonalSign("0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf", `${msg}.`, eth)).toBe(false);
    expect(verifyPersonalSign("0x0000000000000000000000000000000000000001", msg, eth)).toBe(false);
    expect(recoverPersonalSignAddress(msg, "0x1234")).toBeNull();
    expect(recoverPersonalSignAddress(msg, `0x${rs}1f`)).toBeNull();
  });
});

describe("Solana ed25519", () => {
  it("verifies a base58 signature by the base58 address, and nothing else", () => {
    const secret = ed25519.utils.randomSecretKey();
    const address = base58.encode(ed25519.getPublicKey(secret));
    const sig = base58.encode(ed25519.sign(new TextEncoder().encode("hello"), secret));
    expect(verifySolanaSignature(address, "hello", sig)).toBe(true);
    expect(verifySolanaSignature(address, "hellO", sig)).toBe(false);
    expect(verifySolanaSignature(address, "hello", "0OIl")).toBe(false);
    expect(verifySolanaSignature("short", "hello", sig)).toBe(false);
  });
});
