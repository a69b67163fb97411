import { and, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
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
  if (scope.kind === "customers") return and(platform, isNotNull(externalAccounts.customerId))!;
  if (scope.kind === "platform") return and(platform, isNull(externalAccounts.customerId))!;
  return and(platform, eq(externalAccounts.customerId, scope.customerId))!;
}
