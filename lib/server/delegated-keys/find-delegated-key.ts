import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { delegatedKeys } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import { parseId } from "@/lib/shared/ids";
import type { DelegatedKeyRow } from "./delegated-key-view";

/** A delegated key of this platform, or 404 NOT_FOUND (the same for another platform's); `lock` takes FOR UPDATE. */
export async function findDelegatedKeyOrThrow(
  db: DbOrTx,
  platformId: string,
  id: string,
  lock = false,
): Promise<DelegatedKeyRow> {
  const uuid = parseId("DelegatedKey", id);
  if (uuid) {
    const q = db
      .select()
      .from(delegatedKeys)
      .where(and(eq(delegatedKeys.id, uuid), eq(delegatedKeys.platformId, platformId)))
      .limit(1);
    const [row] = lock ? await q.for("update") : await q;
    if (row) return row;
  }
  throw notFound("NOT_FOUND", "Delegated key", id.slice(0, 120));
}
