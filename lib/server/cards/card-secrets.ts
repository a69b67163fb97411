import { decryptAtRest, encryptAtRest, utf8Decode, utf8Encode } from "@/lib/shared/crypto/web";
import { getKeyEncryptionKey } from "@/lib/server/keys/kek";

/** PAN and CVV only encrypted under the key-encryption key, each bound to its card and field (AAD). */
const aad = (cardId: string, field: "pan" | "cvv") => `cards:${cardId}:${field}`;

export async function sealCardSecrets(
  cardId: string,
  pan: string,
  cvv: string,
): Promise<{ panEnc: string; cvvEnc: string }> {
  const kek = getKeyEncryptionKey();
  return {
    panEnc: await encryptAtRest(kek, utf8Encode(pan), aad(cardId, "pan")),
    cvvEnc: await encryptAtRest(kek, utf8Encode(cvv), aad(cardId, "cvv")),
  };
}

export async function openCardSecrets(row: {
  id: string;
  panEnc: string;
  cvvEnc: string;
}): Promise<{ pan: string; cvv: string }> {
  const kek = getKeyEncryptionKey();
  return {
    pan: utf8Decode(await decryptAtRest(kek, row.panEnc, aad(row.id, "pan"))),
    cvv: utf8Decode(await decryptAtRest(kek, row.cvvEnc, aad(row.id, "cvv"))),
  };
}
