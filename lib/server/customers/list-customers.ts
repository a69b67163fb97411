import { eq, isNull, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { customers } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { listPage } from "@/db/list-page";
import type { ListCustomersQuery } from "./customer.contract";
import { toCustomer } from "./customer-view";

export async function listCustomers(platform: PlatformPrincipal, q: ListCustomersQuery) {
  const where: SQL[] = [eq(customers.platformId, platform.id)];
  if (!q.isIncludingDeleted) where.push(isNull(customers.deletedAt));
  if (q.platformCustomerId) where.push(eq(customers.platformCustomerId, q.platformCustomerId));
  if (q.customerType) where.push(eq(customers.customerType, q.customerType));
  if (q.umaAddress) where.push(eq(customers.umaAddress, q.umaAddress));
  // Inclusive bounds at the millisecond precision of the timestamps we answer (the column keeps microseconds).
  const atLeast = (c: PgColumn, t: string) => sql`date_trunc('milliseconds', ${c}) >= ${t}::timestamptz`;
  const atMost = (c: PgColumn, t: string) => sql`date_trunc('milliseconds', ${c}) <= ${t}::timestamptz`;
  if (q.createdAfter) where.push(atLeast(customers.createdAt, q.createdAfter));
  if (q.createdBefore) where.push(atMost(customers.createdAt, q.createdBefore));
  if (q.updatedAfter) where.push(atLeast(customers.updatedAt, q.updatedAfter));
  if (q.updatedBefore) where.push(atMost(customers.updatedAt, q.updatedBefore));
  if (q.region) where.push(sql`${customers.profile}->>'region' = ${q.region}`);
  if (q.currency) where.push(sql`${customers.profile}->'currencies' ? ${q.currency}`);
  return listPage(customers, { ...q, filters: where }, (rows) => rows.map(toCustomer));
}
