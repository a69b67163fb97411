import { bytesToHex, hexToBytes, utf8Decode, utf8Encode } from "./encoding";
import { normalizePublicKeyHex, publicKeyFromPrivate, signDerHex, verifyDerHex } from "./p256";

/**
 * Enclave bundle (protocol.md "otpEncryptionTargetBundle", "Wallet export"):
 * `{"version":"v1.0.0","data":<hex of compact JSON bytes>,"dataSignature":<DER hex over those raw
 * bytes>,"enclaveQuorumPublic":<uncompressed hex>}`. The signed bytes travel as hex so that no
 * party ever re-serializes the JSON it verifies.
 */
const ENCLAVE_BUNDLE_VERSION = "v1.0.0";

/** `data` is serialized with JSON.stringify, so its member order is the caller's insertion order. */
export function makeEnclaveBundle(args: { data: object; signingPrivateKeyHex: string }): string {
  const dataBytes = utf8Encode(JSON.stringify(args.data));
  return JSON.stringify({
    version: ENCLAVE_BUNDLE_VERSION,
    data: bytesToHex(dataBytes),
    dataSignature: signDerHex(args.signingPrivateKeyHex, dataBytes),
    enclaveQuorumPublic: publicKeyFromPrivate(args.signingPrivateKeyHex, false),
  });
}

function fail(message: string): never {
  throw new Error(`enclave bundle: ${message}`);
}

/**
 * Checks version, the pinned signer (compared as decoded keys, so hex case and compression do not
 * matter) and the DER signature over the raw data bytes (high-S accepted), then returns the
 * parsed inner data object.
 */
export function verifyEnclaveBundle(bundleJson: string, pinnedPublicHex: string): Record<string, unknown> {
  let outer: unknown;
  try {
    outer = JSON.parse(bundleJson);
  } catch {
    fail("expected a JSON string");
  }
  if (outer === null || typeof outer !== "object" || Array.isArray(outer)) fail("expected a JSON object");
  const { version, data, dataSignature, enclaveQuorumPublic } = outer as Record<string, unknown>;
  if (version !== ENCLAVE_BUNDLE_VERSION) {
    fail(`expected version "${ENCLAVE_BUNDLE_VERSION}", received ${JSON.stringify(version) ?? "nothing"}`);
  }
  if (typeof data !== "string" || typeof dataSignature !== "string" || typeof enclaveQuorumPublic !== "string") {
    fail("expected string members data, dataSignature and enclaveQuorumPublic");
  }
  let pinned: string;
  try {
    pinned = normalizePublicKeyHex(pinnedPublicHex);
  } catch (error) {
    fail(`the pinned enclave key is not a valid P-256 key: ${(error as Error).message}`);
  }
  let signer: string | undefined;
  try {
    signer = normalizePublicKeyHex(enclaveQuorumPublic);
  } catch {
    signer = undefined;
  }
  if (signer !== pinned) {
    fail(`expected enclaveQuorumPublic ${pinnedPublicHex.toLowerCase()}, received ${enclaveQuorumPublic}`);
  }
  let dataBytes: Uint8Array;
  try {
    dataBytes = hexToBytes(data);
  } catch (error) {
    fail(`expected data as hex: ${(error as Error).message}`);
  }
  if (!verifyDerHex(pinned, dataSignature, dataBytes)) {
    fail("dataSignature does not verify over data with the pinned enclave key");
  }
  let inner: unknown;
  try {
    inner = JSON.parse(utf8Decode(dataBytes));
  } catch {
    fail("expected data to be the hex of a UTF-8 JSON document");
  }
  if (inner === null || typeof inner !== "object" || Array.isArray(inner)) fail("expected data to hold a JSON object");
  return inner as Record<string, unknown>;
}
