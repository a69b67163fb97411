import { sql } from "drizzle-orm";
import { execRows, type DbOrTx } from "@/db/client";

/**
 * The ledger's invariants, for tests and operators: every currency sums to zero, and every internal
 * account's balance equals the sum of its entries. Returns the violations (empty when sound).
 */
export async function checkLedger(
  db: DbOrTx,
  platformId?: string,
): Promise<{ unbalanced: unknown[]; mismatched: unknown[] }> {
  const where = platformId ? sql`where platform_id = ${platformId}` : sql``;
  const unbalanced = await execRows(
    db,
    sql`select currency, sum(amount)::text as total from ledger_entries ${where} group by currency having sum(amount) <> 0`,
  );
  const mismatched = await execRows(
    db,
    sql`select a.id, a.balance::text as balance, coalesce(e.total, 0)::text as ledger
        from internal_accounts a
        left join (select substr(account, 4)::uuid as id, sum(amount) as total from ledger_entries
                   where account like 'ia:%' group by 1) e on e.id = a.id
        where a.balance <> coalesce(e.total, 0) ${platformId ? sql`and a.platform_id = ${platformId}` : sql``}`,
  );
  return { unbalanced, mismatched };
}
