/**
 * Session key custody in IndexedDB. The stored CryptoKey is non-extractable: IndexedDB keeps the
 * key usable across reloads without the page ever holding its bytes. The record is deleted on
 * sign-out and as soon as the session is seen expired or revoked.
 */
import type { TransportKey } from "./keys";

const DB_NAME = "wallet-keys";
const STORE = "keys";
const CURRENT = "current-session";
const PENDING = "pending-transport";

export interface StoredSession {
  sessionId: string;
  accountId: string;
  /** Credential type that opened the session. */
  type: string;
  nickname?: string;
  credentialId?: string;
  expiresAt: string;
  publicKeyHex: string;
  privateKey: CryptoKey;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function tx<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const t = db.transaction(STORE, mode);
      const req = fn(t.objectStore(STORE));
      t.oncomplete = () => resolve(req.result as T);
      t.onerror = () => reject(t.error);
      t.onabort = () => reject(t.error);
    });
  } finally {
    db.close();
  }
}

export async function saveSession(s: StoredSession): Promise<void> {
  await tx("readwrite", (st) => st.put(s, CURRENT));
}

/** The stored session, or null; an expired one is deleted on sight. */
export async function loadSession(now = Date.now()): Promise<StoredSession | null> {
  const s = (await tx<StoredSession | undefined>("readonly", (st) => st.get(CURRENT))) ?? null;
  if (s && Date.parse(s.expiresAt) <= now) {
    await deleteSession();
    return null;
  }
  return s;
}

export async function deleteSession(): Promise<void> {
  await tx("readwrite", (st) => st.delete(CURRENT));
}

/** A transport key kept across the OIDC redirect (deleted when the page comes back). */
export async function savePendingTransport(purpose: string, key: TransportKey, credentialId?: string): Promise<void> {
  await tx("readwrite", (st) => st.put({ purpose, credentialId, ...key, createdAt: Date.now() }, PENDING));
}

type Pending = TransportKey & { purpose: string; credentialId?: string };

export async function takePendingTransport(): Promise<Pending | null> {
  const v = (await tx<(Pending & { createdAt: number }) | undefined>("readonly", (st) => st.get(PENDING))) ?? null;
  await tx("readwrite", (st) => st.delete(PENDING));
  if (!v || Date.now() - v.createdAt > 15 * 60_000) return null;
  return v;
}

/** Remove every key this origin keeps (sign-out). */
export async function clearAll(): Promise<void> {
  await tx("readwrite", (st) => st.clear());
}
