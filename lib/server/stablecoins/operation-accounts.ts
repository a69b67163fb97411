import { invalidInput } from "@/lib/server/core/validation";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { externalAccounts, internalAccounts } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import { VARIANT_BY_TYPE } from "@/lib/server/external-accounts/account-variants";
import { parseId } from "@/lib/shared/ids";
import { requireReadyToTransact } from "@/lib/server/quotes/require-ready-to-transact";

/**
 * The accounts a mint or burn names, checked the same way for both: another platform's account reads as
 * missing (404); the wrong kind, currency or status is 400 naming the field.
 */
const invalid = (field: string, message: string) => invalidInput([{ field, message }], `${field}: ${message}`);

export async function externalAccountFor(
  db: DbOrTx,
  platformId: string,
  id: string,
  use: { field: string; kind: "bank" | "spark"; currency?: string },
) {
  const uuid = parseId("ExternalAccount", id);
  const [row] = uuid
    ? await db
        .select()
        .from(externalAccounts)
        .where(and(eq(externalAccounts.id, uuid), eq(externalAccounts.platformId, platformId)))
    : [];
  if (!row) throw notFound("EXTERNAL_ACCOUNT_NOT_FOUND", "External account", id);
  if (use.kind === "spark" && row.accountType !== "SPARK_WALLET")
    throw invalid(use.field, `must be a SPARK_WALLET external account, not ${row.accountType}`);
  if (use.kind === "bank" && VARIANT_BY_TYPE.get(row.accountType)?.kind !== "bank")
    throw invalid(use.field, `must be a bank external account, not ${row.accountType}`);
  if (use.currency && row.currency !== use.currency)
    throw invalid(use.field, `must be in ${use.currency}, not ${row.currency}`);
  if (row.status !== "ACTIVE") throw invalid(use.field, `must be ACTIVE, not ${row.status}`);
  return row;
}

export async function internalAccountFor(
  db: DbOrTx,
  platformId: string,
  id: string,
  use: { field: string; currency: string; debit?: boolean },
) {
  const uuid = parseId("InternalAccount", id);
  const [row] = uuid
    ? await db
        .select()
        .from(internalAccounts)
        .where(and(eq(internalAccounts.id, uuid), eq(internalAccounts.platformId, platformId)))
    : [];
  if (!row) throw notFound("INTERNAL_ACCOUNT_NOT_FOUND", "Internal account", id);
  if (row.currency !== use.currency)
    throw invalid(use.field, `must be an internal account in ${use.currency}, not ${row.currency}`);
  if (row.status !== "ACTIVE") throw invalid(use.field, `must be ACTIVE, not ${row.status}`);
  // Debiting a customer's account is that customer paying: the checks a quote from it makes (KYC approved, a live
  // SCA session where required, current end-user terms), so a mint or burn is no way around them.
  if (use.debit && row.customerId) await requireReadyToTransact(db, row.customerId);
  return row;
}

/** Smallest-unit token amount → base-currency cents; it must convert exactly (Grid) and be positive. */
export function fiatUnits(amount: bigint, decimals: number, baseDecimals: number): bigint {
  if (amount <= 0n) throw invalid("amount", "must be greater than zero");
  const diff = decimals - baseDecimals;
  if (diff <= 0) return amount * 10n ** BigInt(-diff);
  const factor = 10n ** BigInt(diff);
  if (amount % factor !== 0n)
    throw invalid("amount", `must convert exactly to a whole cent: a multiple of ${factor} for ${decimals} decimals`);
  return amount / factor;
}
