import { eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { externalAccounts } from "@/db/schema";

/**
 * Whose external accounts a request may see: any customer's of the platform (/customers/…),
 * the platform's own (/platform/…), or one customer's (an agent, or a customerId filter).
 */
export type OwnerScope =
  | { platformId: string; kind: "customers" }
  | { platformId: string; kind: "platform" }
  | { platformId: string; kind: "customer"; customerId: string };

export function scopeWhere(scope: OwnerScope): SQL {
  const platform = eq(externalAccounts.platformId, scope.platformId);
  const owner =
    scope.kind === "customers"
      ? isNotNull(externalAccounts.customerId)
      : scope.kind === "platform"
        ? isNull(externalAccounts.customerId)
        : eq(externalAccounts.customerId, scope.customerId);
  return sql`${platform} and ${owner}`;
}
