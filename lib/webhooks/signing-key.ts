import crypto, { type KeyObject } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { serviceKeys } from "@/db/schema";
import { openAtRest, sealAtRest } from "./key-encryption-key";

const NAME = "webhook-signing";

export interface WebhookSigningKey {
  privateKey: KeyObject;
  /** PEM, SPKI: published as `webhookPublicKey` in GET /config. */
  publicKeyPem: string;
}

type G = typeof globalThis & { __webhookKey?: Promise<WebhookSigningKey> };
const g = globalThis as G;

/**
 * The service's P-256 webhook signing key: made once (the first instance to insert wins; the others
 * read its row), kept in the database with the private key encrypted at rest.
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
  const db = await getDb();
  const existing = await db.select().from(serviceKeys).where(eq(serviceKeys.name, NAME));
  if (existing[0]) return fromRow(existing[0]);
  const { privateKey, publicKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const pkcs8 = privateKey.export({ format: "der", type: "pkcs8" });
  await db
    .insert(serviceKeys)
    .values({
      name: NAME,
      publicKeyPem: publicKey.export({ format: "pem", type: "spki" }).toString(),
      privateKeyEnc: sealAtRest(pkcs8, `service_keys:${NAME}`),
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(serviceKeys).where(eq(serviceKeys.name, NAME));
  return fromRow(row);
}

function fromRow(row: typeof serviceKeys.$inferSelect): WebhookSigningKey {
  const der = openAtRest(row.privateKeyEnc, `service_keys:${row.name}`);
  return {
    privateKey: crypto.createPrivateKey({ key: der, format: "der", type: "pkcs8" }),
    publicKeyPem: row.publicKeyPem,
  };
}
