import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { receiverLookups } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import { parseId } from "@/lib/shared/ids";

/** The platform's receiver lookup named by a quote, or 404 LOOKUP_REQUEST_NOT_FOUND (also for another platform's). */
export async function requireLookup(db: DbOrTx, platformId: string, lookupId: string) {
  const uuid = parseId("Lookup", lookupId);
  const [row] = uuid
    ? await db
        .select()
        .from(receiverLookups)
        .where(and(eq(receiverLookups.id, uuid), eq(receiverLookups.platformId, platformId)))
    : [];
  if (!row) throw notFound("LOOKUP_REQUEST_NOT_FOUND", "Lookup request", lookupId);
  return row;
}
