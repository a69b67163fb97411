import crypto, { type KeyObject } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { serviceKeys } from "@/db/schema";
import { decryptAtRest, encryptAtRest } from "@/lib/shared/crypto/web/at-rest";
import { getKeyEncryptionKey } from "@/lib/server/keys/kek";

const WEBHOOK_KEY_NAME = "webhook_signing_key";
/** Binds the ciphertext to its row: a value copied under another name does not decrypt. */
const AAD = `service_keys:${WEBHOOK_KEY_NAME}`;

export interface WebhookSigningKey {
  privateKey: KeyObject;
  /** PEM, SPKI: published as `webhookPublicKey` in GET /config. */
  publicKeyPem: string;
}

type G = typeof globalThis & { __webhookKey?: Promise<WebhookSigningKey> };
const g = globalThis as G;

/**
 * The service's P-256 webhook signing key (protocol.md "Webhooks"): generated once, stored in
 * `service_keys` encrypted under the key-encryption key (PKCS#8 DER, AES-256-GCM). The first instance
 * to insert wins; every instance then reads that row. Cached per process (configuration, not state).
 */
export function getWebhookSigningKey(): Promise<WebhookSigningKey> {
  if (!g.__webhookKey) {
    const p = load();
    g.__webhookKey = p;
    p.catch(() => {
      if (g.__webhookKey === p) g.__webhookKey = undefined;
    });
  }
  return g.__webhookKey;
}

async function load(): Promise<WebhookSigningKey> {
  const kek = getKeyEncryptionKey();
  const db = await getDb();
  let [row] = await db.select().from(serviceKeys).where(eq(serviceKeys.name, WEBHOOK_KEY_NAME)).limit(1);
  if (!row) {
    const { privateKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
    const pkcs8 = new Uint8Array(privateKey.export({ format: "der", type: "pkcs8" }));
    const encrypted = await encryptAtRest(kek, pkcs8, AAD);
    await db
      .insert(serviceKeys)
      .values({ name: WEBHOOK_KEY_NAME, encrypted })
      .onConflictDoNothing({ target: serviceKeys.name });
    [row] = await db.select().from(serviceKeys).where(eq(serviceKeys.name, WEBHOOK_KEY_NAME)).limit(1);
  }
  let der: Uint8Array;
  try {
    der = await decryptAtRest(kek, row.encrypted, AAD);
  } catch {
    throw new Error(
      "webhook signing key: the stored key does not decrypt with this key-encryption key (every instance must share KEY_ENCRYPTION_KEY)",
    );
  }
  const privateKey = crypto.createPrivateKey({ key: Buffer.from(der), format: "der", type: "pkcs8" });
  const publicKeyPem = crypto.createPublicKey(privateKey).export({ format: "pem", type: "spki" }).toString();
  return { privateKey, publicKeyPem };
}
