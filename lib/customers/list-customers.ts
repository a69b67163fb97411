import { eq, type SQL } from "drizzle-orm";
import { customers } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/http/principal";
import { listPage } from "@/lib/http/pagination";
import { toCustomer } from "./customer-view";

export async function listCustomers(
  platform: PlatformPrincipal,
  q: { limit: number; cursor?: string; platformCustomerId?: string },
) {
  const where: SQL[] = [eq(customers.platformId, platform.id)];
  if (q.platformCustomerId) where.push(eq(customers.platformCustomerId, q.platformCustomerId));
  return listPage(customers, { ...q, filters: where }, (rows) => rows.map(toCustomer));
}
