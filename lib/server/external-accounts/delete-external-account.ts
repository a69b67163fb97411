import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { externalAccounts } from "@/db/schema";
import { ApiError, notFound } from "@/lib/server/core/errors";
import { parseId } from "@/lib/shared/ids";
import { scopeWhere, type OwnerScope } from "./owner-scope";

/** DELETE of an external account; a trusted beneficiary must be untrusted first (409 BENEFICIARY_TRUSTED, Grid's). */
export async function deleteExternalAccount(scope: OwnerScope, externalAccountId: string): Promise<void> {
  const uuid = parseId("ExternalAccount", externalAccountId);
  if (uuid) {
    const db = await getDb();
    const gone = await db
      .delete(externalAccounts)
      .where(and(eq(externalAccounts.id, uuid), scopeWhere(scope), eq(externalAccounts.trusted, false)))
      .returning({ id: externalAccounts.id });
    if (gone.length) return;
    const [kept] = await db
      .select({ trusted: externalAccounts.trusted })
      .from(externalAccounts)
      .where(and(eq(externalAccounts.id, uuid), scopeWhere(scope)));
    if (kept?.trusted) {
      throw new ApiError(
        "BENEFICIARY_TRUSTED",
        "The external account is a trusted beneficiary: untrust it first (POST …/untrust and /untrust/confirm)",
      );
    }
  }
  throw notFound("EXTERNAL_ACCOUNT_NOT_FOUND", "External account", externalAccountId);
}
