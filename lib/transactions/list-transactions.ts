import { and, asc, desc, eq, gt, lt, or, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { transactions } from "@/db/schema";
import { decodeCursor, page } from "@/lib/api-core/pagination";
import { parseId } from "@/lib/ids";
import { toTransaction } from "./transaction-view";

const NONE = "00000000-0000-0000-0000-000000000000";

export async function listTransactions(
  platformId: string,
  q: { limit: number; cursor?: string; customerId?: string; accountId?: string; status?: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "REJECTED"; sortOrder: "asc" | "desc" },
  customerScope?: string,
) {
  const db = await getDb();
  const after = decodeCursor(q.cursor);
  const where: SQL[] = [eq(transactions.platformId, platformId)];
  if (customerScope) where.push(eq(transactions.customerId, customerScope));
  // An unknown or foreign id filters to nothing, like an id that does not exist (protocol.md).
  if (q.customerId) where.push(eq(transactions.customerId, parseId("Customer", q.customerId) ?? NONE));
  if (q.accountId) {
    const acc = parseId("InternalAccount", q.accountId) ?? parseId("ExternalAccount", q.accountId) ?? NONE;
    where.push(or(eq(transactions.sourceAccountId, acc), eq(transactions.destinationAccountId, acc))!);
  }
  if (q.status) where.push(eq(transactions.status, q.status));
  if (after) where.push(q.sortOrder === "asc" ? gt(transactions.id, after) : lt(transactions.id, after));
  const rows = await db
    .select()
    .from(transactions)
    .where(and(...where))
    .orderBy(q.sortOrder === "asc" ? asc(transactions.id) : desc(transactions.id))
    .limit(q.limit + 1);
  return page(rows, q.limit, toTransaction);
}
