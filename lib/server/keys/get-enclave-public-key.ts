import { getEnclaveSigningKey } from "./enclave-key";

/** What GET /auth/enclave-key publishes: the public half only. */
export async function getEnclavePublicKey(): Promise<{ enclaveQuorumPublic: string }> {
  const key = await getEnclaveSigningKey();
  return { enclaveQuorumPublic: key.publicKeyUncompressedHex };
}
