import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { customers, internalAccounts } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";

/** A receiving customer of the platform and its fiat accounts (the currencies it can be paid in). */
export async function umaReceiver(platform: PlatformPrincipal, where: { address: string } | { customerId: string }) {
  const db = await getDb();
  const [c] = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.platformId, platform.id),
        isNull(customers.deletedAt),
        "address" in where
          ? sql`lower(${customers.umaAddress}) = ${where.address.toLowerCase()}`
          : eq(customers.id, where.customerId),
      ),
    );
  if (!c) throw notFound("UMA_NOT_FOUND", "UMA receiver", "address" in where ? where.address : where.customerId);
  const accounts = await db
    .select({ id: internalAccounts.id, currency: internalAccounts.currency })
    .from(internalAccounts)
    .where(
      and(
        eq(internalAccounts.customerId, c.id),
        eq(internalAccounts.type, "INTERNAL_FIAT"),
        eq(internalAccounts.status, "ACTIVE"),
      ),
    )
    .orderBy(asc(internalAccounts.createdAt), asc(internalAccounts.id));
  return { customer: c, accounts };
}
