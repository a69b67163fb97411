import { getDb, type Tx } from "@/db/client";
import { retryOnConflict } from "@/lib/server/money/retry-conflicts";

/**
 * The database transaction every money status change runs in: a deadlock victim or serialization failure runs
 * again whole (lib/server/money/retry-conflicts.ts), the same way on every path, so the client gets the answer, not a 500.
 */
export async function moneyTransaction<T>(run: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  return retryOnConflict(() => db.transaction(run));
}
