import { eq } from "drizzle-orm";
import { type DbOrTx, getDb } from "@/db/client";
import { umaVaspKeys } from "@/db/schema";
import { decryptAtRest, encryptAtRest } from "@/lib/shared/crypto/web/at-rest";
import { getKeyEncryptionKey } from "@/lib/server/keys/kek";
import { newCertifiedKey } from "./self-signed-cert";

export interface VaspKeys {
  signingPrivateKey: Uint8Array;
  encryptionPrivateKey: Uint8Array;
  signingCertPem: string;
  encryptionCertPem: string;
}

/** The AAD of a private key at rest: its row and its use, so that a value copied elsewhere does not open. */
const binding = (platformId: string, use: "signing" | "encryption") => `uma_vasp_keys:${platformId}:${use}`;

/**
 * The platform's UMA signing and encryption keys, made on first use (two instances racing insert once: the loser reads
 * the winner's row). The certificates name the platform's UMA domain. `conn`: the caller's database transaction, when
 * it holds one (the embedded database has a single connection, which an open transaction keeps).
 */
export async function vaspKeys(platformId: string, umaDomain: string, conn?: DbOrTx): Promise<VaspKeys> {
  const db = conn ?? (await getDb());
  let [row] = await db.select().from(umaVaspKeys).where(eq(umaVaspKeys.platformId, platformId));
  if (!row) {
    const kek = getKeyEncryptionKey();
    const signing = newCertifiedKey(umaDomain);
    const encryption = newCertifiedKey(umaDomain);
    await db
      .insert(umaVaspKeys)
      .values({
        platformId,
        signingCertPem: signing.certPem,
        signingPrivateKeyEnc: await encryptAtRest(kek, signing.privateKey, binding(platformId, "signing")),
        encryptionCertPem: encryption.certPem,
        encryptionPrivateKeyEnc: await encryptAtRest(kek, encryption.privateKey, binding(platformId, "encryption")),
      })
      .onConflictDoNothing();
    [row] = await db.select().from(umaVaspKeys).where(eq(umaVaspKeys.platformId, platformId));
  }
  const kek = getKeyEncryptionKey();
  return {
    signingPrivateKey: await decryptAtRest(kek, row.signingPrivateKeyEnc, binding(platformId, "signing")),
    encryptionPrivateKey: await decryptAtRest(kek, row.encryptionPrivateKeyEnc, binding(platformId, "encryption")),
    signingCertPem: row.signingCertPem,
    encryptionCertPem: row.encryptionCertPem,
  };
}
