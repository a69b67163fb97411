import { bytesToHex, hexToBytes, utf8Decode, utf8Encode } from "./encoding";
import { makeEnclaveBundle, verifyEnclaveBundle } from "./enclave-bundle";
import { hpkeOpen, hpkeSeal } from "./hpke";
import { uncompressPublicKey } from "./p256";

/**
 * `encryptedWalletCredentials` (protocol.md "Wallet export"): an enclave bundle whose data is
 * compact JSON `{"encappedPublic","ciphertext","organizationId"}`, the HPKE seal of the mnemonic
 * (UTF-8) to the client's public key.
 */
export async function makeExportBundle(args: {
  plaintext: string;
  clientPublicKeyHex: string;
  organizationId: string;
  signingPrivateKeyHex: string;
}): Promise<string> {
  const sealed = await hpkeSeal({
    recipientPublicKeyHex: uncompressPublicKey(args.clientPublicKeyHex),
    plaintext: utf8Encode(args.plaintext),
  });
  return makeEnclaveBundle({
    data: {
      encappedPublic: bytesToHex(sealed.encappedPublic),
      ciphertext: bytesToHex(sealed.ciphertext),
      organizationId: args.organizationId,
    },
    signingPrivateKeyHex: args.signingPrivateKeyHex,
  });
}

/** Client side: verify pin, signature and organization, then decrypt to the plaintext string. */
export async function openExportBundle(args: {
  bundle: string;
  privateKeyHex: string;
  pinnedEnclavePublicHex: string;
  organizationId: string;
}): Promise<string> {
  const data = verifyEnclaveBundle(args.bundle, args.pinnedEnclavePublicHex);
  if (data.organizationId !== args.organizationId) {
    throw new Error(
      `export bundle: expected organizationId ${args.organizationId}, received ${JSON.stringify(data.organizationId) ?? "nothing"}`,
    );
  }
  if (typeof data.encappedPublic !== "string" || typeof data.ciphertext !== "string") {
    throw new Error("export bundle: expected data.encappedPublic and data.ciphertext as hex strings");
  }
  const plain = await hpkeOpen({
    recipientPrivateKeyHex: args.privateKeyHex,
    encappedPublic: hexToBytes(data.encappedPublic),
    ciphertext: hexToBytes(data.ciphertext),
  });
  return utf8Decode(plain);
}
