import { sql } from "drizzle-orm";
import { type Db, execRows, getDb } from "./client";
import { databasePoolSize } from "./pool-size";
import { transactionClient } from "./transaction-client";

/**
 * Reads that may go to a streaming read replica (DATABASE_REPLICA_URL), without ever showing a client less than it
 * wrote. A replica replays the primary's WAL a little behind; a read sent there right after a write could miss it
 * (a customer created, then not in the list). So a read goes to the replica only once the replica has replayed the
 * primary's WAL up to the position the primary had when the read began: every write acknowledged before the read
 * (by this instance or any other) is then visible there. The position costs one trivial statement on the primary;
 * the read itself (a list's page and its count) runs on the replica. A replica that lags longer than
 * REPLICA_MAX_WAIT_MS, or cannot be reached, leaves the read on the primary: correct first, offloaded when it can be.
 *
 * What reads where (docs/operations.md "A read replica"): lists (db/list-page.ts) may read here; everything a request decides on
 * (money checks, the signed retry, reads inside a transaction, a read after the request's own write) stays on the
 * primary because it runs in the primary's transaction or on the primary handle.
 */

interface ReplicaHandle {
  db: Db;
  close: () => Promise<void>;
}

type G = typeof globalThis & { __dbReplica?: Promise<ReplicaHandle | null> };
const g = globalThis as G;

const POLL_MS = 2;

/** Validated with every variable at start-up (lib/shared/config/env.ts); db/ reads the environment itself, as client.ts does. */
function maxWaitMs(): number {
  const v = Number(process.env.REPLICA_MAX_WAIT_MS ?? 50);
  return Number.isFinite(v) && v >= 0 ? v : 50;
}

function replicaHandle(): Promise<ReplicaHandle | null> {
  if (!g.__dbReplica) {
    const url = process.env.DATABASE_REPLICA_URL;
    const p = url && process.env.DATABASE_URL ? openReplica(url) : Promise.resolve(null);
    g.__dbReplica = p;
    p.catch(() => {
      if (g.__dbReplica === p) g.__dbReplica = undefined;
    });
  }
  return g.__dbReplica;
}

async function openReplica(url: string): Promise<ReplicaHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const prepare = process.env.DATABASE_PREPARE !== "false";
  const client = postgres(url, { max: databasePoolSize(), onnotice: () => {}, prepare });
  const db: Db = drizzle(transactionClient(client, { prepare }));
  return { db, close: () => client.end() };
}

/** Where a read that may be slightly old can run: the replica once it has caught up with the primary, else the primary. */
export async function readDb(): Promise<Db> {
  const primary = await getDb();
  const replica = await replicaHandle().catch(() => null);
  if (!replica) return primary;
  const [{ lsn }] = await execRows<{ lsn: string }>(primary, sql`select pg_current_wal_lsn()::text as lsn`);
  const deadline = Date.now() + maxWaitMs();
  try {
    for (;;) {
      const [{ caught }] = await execRows<{ caught: boolean | null }>(
        replica.db,
        sql`select pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn as caught`,
      );
      if (caught) return replica.db;
      if (Date.now() >= deadline) return primary;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } catch {
    // A replica that is down or restarting must not fail a read the primary can answer.
    return primary;
  }
}
