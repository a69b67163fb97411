import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { customers, externalAccounts, internalAccounts, type AccountKind } from "@/db/schema";
import { ApiError, notFound } from "@/lib/api-core/errors";
import { parseId } from "@/lib/ids";

export interface ResolvedAccount {
  kind: AccountKind;
  uuid: string;
  currency: string;
  customerId: string | null;
  status: string;
  internalType?: "INTERNAL_FIAT" | "INTERNAL_CRYPTO" | "EMBEDDED_WALLET";
  /** External accounts: what decides the rails that can pay them (lib/external-accounts paymentRailsOf). */
  accountType?: string;
  accountInfo?: Record<string, unknown>;
}

/** Money never moves through an account of a soft-deleted customer: 404 USER_NOT_FOUND, as for the customer itself. */
async function refuseDeletedOwner(db: DbOrTx, customerId: string | null, accountId: string): Promise<void> {
  if (!customerId) return;
  const [c] = await db.select({ deletedAt: customers.deletedAt }).from(customers).where(eq(customers.id, customerId));
  if (c?.deletedAt) throw new ApiError("USER_NOT_FOUND", `The customer owning ${accountId} was deleted`, { accountId });
}

/**
 * An internal account of the platform (and, for an agent, of its customer), or 404
 * INTERNAL_ACCOUNT_NOT_FOUND — the same answer for another tenant's account.
 */
export async function resolveInternal(db: DbOrTx, platformId: string, id: string, customerScope?: string): Promise<ResolvedAccount> {
  const uuid = parseId("InternalAccount", id);
  if (uuid) {
    const where = [eq(internalAccounts.id, uuid), eq(internalAccounts.platformId, platformId)];
    if (customerScope) where.push(eq(internalAccounts.customerId, customerScope));
    const [a] = await db.select().from(internalAccounts).where(and(...where));
    if (a) await refuseDeletedOwner(db, a.customerId, id);
    if (a) return { kind: "INTERNAL", uuid: a.id, currency: a.currency, customerId: a.customerId, status: a.status, internalType: a.type };
  }
  throw notFound("INTERNAL_ACCOUNT_NOT_FOUND", "Internal account", id);
}

export async function resolveExternal(db: DbOrTx, platformId: string, id: string, customerScope?: string): Promise<ResolvedAccount> {
  const uuid = parseId("ExternalAccount", id);
  if (uuid) {
    const where = [eq(externalAccounts.id, uuid), eq(externalAccounts.platformId, platformId)];
    if (customerScope) where.push(eq(externalAccounts.customerId, customerScope));
    const [a] = await db.select().from(externalAccounts).where(and(...where));
    if (a) {
      await refuseDeletedOwner(db, a.customerId, id);
      return { kind: "EXTERNAL", uuid: a.id, currency: a.currency, customerId: a.customerId, status: a.status, accountType: a.accountType, accountInfo: a.accountInfo };
    }
  }
  throw notFound("EXTERNAL_ACCOUNT_NOT_FOUND", "External account", id);
}

/** A destination: `InternalAccount:…` or `ExternalAccount:…`. */
export async function resolveDestination(db: DbOrTx, platformId: string, id: string, customerScope?: string): Promise<ResolvedAccount> {
  if (id.startsWith("InternalAccount:")) return resolveInternal(db, platformId, id, customerScope);
  if (id.startsWith("ExternalAccount:")) return resolveExternal(db, platformId, id, customerScope);
  throw new ApiError("INVALID_INPUT", `destination.accountId must be an InternalAccount:<uuid> or ExternalAccount:<uuid>; received ${id.slice(0, 40)}`, {
    errors: [{ field: "destination.accountId", message: "Expected InternalAccount:<uuid> or ExternalAccount:<uuid>" }],
  });
}
