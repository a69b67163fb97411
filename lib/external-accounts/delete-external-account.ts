import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { externalAccounts } from "@/db/schema";
import { notFound } from "@/lib/api-core/errors";
import { parseId } from "@/lib/ids";
import { scopeWhere, type OwnerScope } from "./owner-scope";

export async function deleteExternalAccount(scope: OwnerScope, externalAccountId: string): Promise<void> {
  const uuid = parseId("ExternalAccount", externalAccountId);
  if (uuid) {
    const db = await getDb();
    const gone = await db
      .delete(externalAccounts)
      .where(and(eq(externalAccounts.id, uuid), scopeWhere(scope)))
      .returning({ id: externalAccounts.id });
    if (gone.length) return;
  }
  throw notFound("EXTERNAL_ACCOUNT_NOT_FOUND", "External account", externalAccountId);
}
