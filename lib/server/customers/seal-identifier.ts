import { encryptAtRest } from "@/lib/shared/crypto/web/at-rest";
import { utf8Encode } from "@/lib/shared/crypto/web/encoding";
import { getKeyEncryptionKey } from "@/lib/server/keys/kek";

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
