import { invalidInput } from "@/lib/server/core/validation";
import { and, eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { preparedQuery } from "@/db/prepared";
import { customers, externalAccounts, internalAccounts, scaStates, type AccountKind } from "@/db/schema";
import { ApiError, notFound } from "@/lib/server/core/errors";
import { parseId } from "@/lib/shared/ids";
import { defined } from "@/lib/shared/invariant";

export interface ResolvedAccount {
  kind: AccountKind;
  uuid: string;
  currency: string;
  customerId: string | null;
  status: string;
  internalType?: "INTERNAL_FIAT" | "INTERNAL_CRYPTO" | "EMBEDDED_WALLET";
  /** External accounts: what decides the rails that can pay them (lib/server/external-accounts paymentRailsOf). */
  accountType?: string;
  accountInfo?: Record<string, unknown>;
  /** External accounts: a trusted beneficiary (sends to it skip the per-quote SCA challenge). */
  trusted?: boolean;
  /**
   * The owning customer as read with the account (same statement): what a payment checks of it before its
   * transaction (lib/server/quotes require-ready-to-transact, hold-for-sca) without reading the customer again.
   */
  owner?: AccountOwner;
}

export interface AccountOwner {
  kycStatus: string;
  customerType: string;
  profile: unknown;
  sessionExpiresAt: Date | null;
}

/** The owner's columns read with the account (left joins: an account without a customer has none). */
const ownerColumns = {
  deletedAt: customers.deletedAt,
  kycStatus: customers.kycStatus,
  customerType: customers.customerType,
  profile: customers.profile,
  sessionExpiresAt: scaStates.sessionExpiresAt,
};
type OwnerRow = { [K in keyof typeof ownerColumns]: (typeof ownerColumns)[K]["_"]["data"] | null };

const internalWithOwnerQuery = (db: DbOrTx) =>
  db
    .select({ a: internalAccounts, ...ownerColumns })
    .from(internalAccounts)
    .leftJoin(customers, eq(customers.id, internalAccounts.customerId))
    .leftJoin(scaStates, eq(scaStates.customerId, internalAccounts.customerId));
const externalWithOwnerQuery = (db: DbOrTx) =>
  db
    .select({ a: externalAccounts, ...ownerColumns })
    .from(externalAccounts)
    .leftJoin(customers, eq(customers.id, externalAccounts.customerId))
    .leftJoin(scaStates, eq(scaStates.customerId, externalAccounts.customerId));
const internalWithOwner = preparedQuery((db) =>
  internalWithOwnerQuery(db)
    .where(
      and(
        eq(internalAccounts.id, sql.placeholder("id")),
        eq(internalAccounts.platformId, sql.placeholder("platformId")),
      ),
    )
    .prepare("internal_account_with_owner"),
);
const externalWithOwner = preparedQuery((db) =>
  externalWithOwnerQuery(db)
    .where(
      and(
        eq(externalAccounts.id, sql.placeholder("id")),
        eq(externalAccounts.platformId, sql.placeholder("platformId")),
      ),
    )
    .prepare("external_account_with_owner"),
);

/**
 * Money never moves through an account of a soft-deleted customer: 404 USER_NOT_FOUND, as for the customer itself.
 * Otherwise the owner as read with the account.
 */
function liveOwner(row: OwnerRow, customerId: string | null, accountId: string): AccountOwner | undefined {
  if (!customerId || row.kycStatus === null) return undefined;
  if (row.deletedAt)
    throw new ApiError("USER_NOT_FOUND", `The customer owning ${accountId} was deleted`, { accountId });
  return {
    kycStatus: row.kycStatus,
    customerType: defined(row.customerType, "a live customer's type"),
    profile: row.profile,
    sessionExpiresAt: row.sessionExpiresAt,
  };
}

/**
 * An internal account of the platform (and, for an agent, of its customer), or 404
 * INTERNAL_ACCOUNT_NOT_FOUND — the same answer for another tenant's account.
 */
export async function resolveInternal(
  db: DbOrTx,
  platformId: string,
  id: string,
  customerScope?: string,
): Promise<ResolvedAccount> {
  const uuid = parseId("InternalAccount", id);
  if (uuid) {
    // One statement: the account, its owner's deletion and what a payment checks of the owner (prepared when it
    // runs on the pool without a customer scope: every payment's source and destination).
    const [r] =
      !customerScope && db === (await getDb())
        ? await (await internalWithOwner()).execute({ id: uuid, platformId })
        : await internalWithOwnerQuery(db).where(
            and(
              eq(internalAccounts.id, uuid),
              eq(internalAccounts.platformId, platformId),
              customerScope ? eq(internalAccounts.customerId, customerScope) : undefined,
            ),
          );
    if (r) {
      const a = r.a;
      const owner = liveOwner(r, a.customerId, id);
      return {
        kind: "INTERNAL",
        uuid: a.id,
        currency: a.currency,
        customerId: a.customerId,
        status: a.status,
        internalType: a.type,
        owner,
      };
    }
  }
  throw notFound("INTERNAL_ACCOUNT_NOT_FOUND", "Internal account", id);
}

export async function resolveExternal(
  db: DbOrTx,
  platformId: string,
  id: string,
  customerScope?: string,
): Promise<ResolvedAccount> {
  const uuid = parseId("ExternalAccount", id);
  if (uuid) {
    const [r] =
      !customerScope && db === (await getDb())
        ? await (await externalWithOwner()).execute({ id: uuid, platformId })
        : await externalWithOwnerQuery(db).where(
            and(
              eq(externalAccounts.id, uuid),
              eq(externalAccounts.platformId, platformId),
              customerScope ? eq(externalAccounts.customerId, customerScope) : undefined,
            ),
          );
    if (r) {
      const a = r.a;
      const owner = liveOwner(r, a.customerId, id);
      return {
        kind: "EXTERNAL",
        uuid: a.id,
        currency: a.currency,
        customerId: a.customerId,
        status: a.status,
        accountType: a.accountType,
        accountInfo: a.accountInfo,
        trusted: a.trusted,
        owner,
      };
    }
  }
  throw notFound("EXTERNAL_ACCOUNT_NOT_FOUND", "External account", id);
}

/** A destination: `InternalAccount:…` or `ExternalAccount:…`. */
export async function resolveDestination(
  db: DbOrTx,
  platformId: string,
  id: string,
  customerScope?: string,
): Promise<ResolvedAccount> {
  if (id.startsWith("InternalAccount:")) return resolveInternal(db, platformId, id, customerScope);
  if (id.startsWith("ExternalAccount:")) return resolveExternal(db, platformId, id, customerScope);
  throw invalidInput(
    [{ field: "destination.accountId", message: "Expected InternalAccount:<uuid> or ExternalAccount:<uuid>" }],
    `destination.accountId must be an InternalAccount:<uuid> or ExternalAccount:<uuid>; received ${id.slice(0, 40)}`,
  );
}
