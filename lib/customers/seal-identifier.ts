import { encryptAtRest } from "@/lib/crypto/at-rest";
import { utf8Encode } from "@/lib/crypto/encoding";
import { getKeyEncryptionKey } from "@/lib/keys/kek";

/**
 * `identifier` (SSN, ITIN, tax id…) is write-only and personal: it is kept only AES-256-GCM-encrypted
 * under the key-encryption key, bound to its owner (`binding`), as `identifierEncrypted`.
 */
export async function sealIdentifier<T extends { identifier?: string }>(
  fields: T,
  ownerUuid: string,
): Promise<Omit<T, "identifier"> & { identifierEncrypted?: string }> {
  const { identifier, ...rest } = fields;
  if (identifier === undefined) return rest;
  return {
    ...rest,
    identifierEncrypted: await encryptAtRest(getKeyEncryptionKey(), utf8Encode(identifier), `identifier:${ownerUuid}`),
  };
}
