import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { externalAccounts } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import { parseId } from "@/lib/shared/ids";
import type { ExternalAccountRow } from "./external-account-view";
import { scopeWhere, type OwnerScope } from "./owner-scope";

/**
 * An external account within the scope, or 404 EXTERNAL_ACCOUNT_NOT_FOUND: the same answer for a
 * malformed id, a missing account and another customer's or platform's account.
 */
export async function findExternalAccountOrThrow(
  db: DbOrTx,
  scope: OwnerScope,
  externalAccountId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<ExternalAccountRow> {
  const uuid = parseId("ExternalAccount", externalAccountId);
  if (uuid) {
    const q = db
      .select()
      .from(externalAccounts)
      .where(and(eq(externalAccounts.id, uuid), scopeWhere(scope)))
      .limit(1);
    const [row] = opts.forUpdate ? await q.for("update") : await q;
    if (row) return row;
  }
  throw notFound("EXTERNAL_ACCOUNT_NOT_FOUND", "External account", externalAccountId);
}
