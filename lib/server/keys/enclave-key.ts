import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { serviceKeys } from "@/db/schema";
import { decryptAtRest, encryptAtRest } from "@/lib/shared/crypto/web/at-rest";
import { bytesToHex, hexToBytes } from "@/lib/shared/crypto/web/encoding";
import { generateP256KeyPair, privateKeyBytes, publicKeyFromPrivate } from "@/lib/shared/crypto/web/p256";
import { env } from "@/lib/shared/config/env";
import { logger } from "@/lib/shared/log/logger";
import { getKeyEncryptionKey } from "./kek";

/**
 * The enclave signing key (protocol.md "otpEncryptionTargetBundle"): signs every enclave bundle;
 * its public half is published at {base_url}/auth/enclave-key and in GET /config for pinning.
 * From ENCLAVE_SIGNING_KEY, else generated once and stored encrypted under the KEK in
 * `service_keys`, so that every instance sharing the database (and KEK) signs with the same key.
 */
export interface EnclaveSigningKey {
  privateKeyHex: string;
  /** Uncompressed lowercase SEC1 hex, the form clients pin. */
  publicKeyUncompressedHex: string;
}

const ENCLAVE_KEY_NAME = "enclave_signing_key";
/** Binds the ciphertext to its row: a value copied under another name does not decrypt. */
const AAD = `service_keys:${ENCLAVE_KEY_NAME}`;

type G = typeof globalThis & { __enclaveSigningKey?: Promise<EnclaveSigningKey> };
const g = globalThis as G;

/** Cached per process (the key is configuration, not state); a failed load is retried next call. */
export function getEnclaveSigningKey(): Promise<EnclaveSigningKey> {
  if (!g.__enclaveSigningKey) {
    const p = loadEnclaveSigningKey();
    g.__enclaveSigningKey = p;
    p.catch(() => {
      if (g.__enclaveSigningKey === p) g.__enclaveSigningKey = undefined;
    });
  }
  return g.__enclaveSigningKey;
}

async function loadEnclaveSigningKey(): Promise<EnclaveSigningKey> {
  const configured = env().ENCLAVE_SIGNING_KEY;
  if (configured) {
    try {
      return fromPrivate(configured.toLowerCase());
    } catch (error) {
      throw new Error(`ENCLAVE_SIGNING_KEY: ${(error as Error).message}`);
    }
  }
  const kek = getKeyEncryptionKey();
  const db = await getDb();
  const generated = generateP256KeyPair();
  const encrypted = await encryptAtRest(kek, hexToBytes(generated.privateKeyHex), AAD);
  // Insert-if-absent then re-read: of instances racing on a fresh database, one row wins and all use it.
  const inserted = await db
    .insert(serviceKeys)
    .values({ name: ENCLAVE_KEY_NAME, encrypted })
    .onConflictDoNothing({ target: serviceKeys.name })
    .returning({ name: serviceKeys.name });
  const [row] = await db.select().from(serviceKeys).where(eq(serviceKeys.name, ENCLAVE_KEY_NAME)).limit(1);
  if (!row) throw new Error("enclave signing key: the service_keys row vanished after insert");
  let privateKeyHex: string;
  try {
    privateKeyHex = bytesToHex(await decryptAtRest(kek, row.encrypted, AAD));
  } catch {
    throw new Error(
      "enclave signing key: the stored key does not decrypt with this key-encryption key. Every instance sharing the database must use the same KEY_ENCRYPTION_KEY.",
    );
  }
  const key = fromPrivate(privateKeyHex);
  if (inserted.length > 0) {
    logger.warn(
      { enclaveQuorumPublic: key.publicKeyUncompressedHex },
      "ENCLAVE_SIGNING_KEY is not set: generated an enclave signing key, stored encrypted in the database",
    );
  }
  return key;
}

function fromPrivate(privateKeyHex: string): EnclaveSigningKey {
  privateKeyBytes(privateKeyHex);
  return { privateKeyHex, publicKeyUncompressedHex: publicKeyFromPrivate(privateKeyHex, false) };
}
