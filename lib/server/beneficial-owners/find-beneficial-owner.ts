import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { beneficialOwners } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import { parseId } from "@/lib/shared/ids";
import type { BeneficialOwnerRow } from "./beneficial-owner-view";

/** A beneficial owner of one of this platform's customers, or 404 BENEFICIAL_OWNER_NOT_FOUND (also for another tenant's). */
export async function findBeneficialOwnerOrThrow(
  db: DbOrTx,
  platformId: string,
  id: string,
): Promise<BeneficialOwnerRow> {
  const uuid = parseId("BeneficialOwner", id);
  const [row] = uuid
    ? await db
        .select()
        .from(beneficialOwners)
        .where(and(eq(beneficialOwners.id, uuid), eq(beneficialOwners.platformId, platformId)))
    : [];
  if (!row) throw notFound("BENEFICIAL_OWNER_NOT_FOUND", "Beneficial owner", id);
  return row;
}
