import { invalidInput } from "@/lib/server/core/validation";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { delegatedKeys } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { findDelegatedKeyOrThrow } from "./find-delegated-key";

/**
 * DELETE /auth/delegated-keys/{id}: an ACTIVE key becomes REVOKED and its sealed private key is erased in
 * the same UPDATE, so nothing can sign with it afterwards (a card pull decided after this commit declines).
 * Any other state is Grid's 400.
 */
export async function revokeDelegatedKey(platform: PlatformPrincipal, id: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const key = await findDelegatedKeyOrThrow(tx, platform.id, id, true);
    if (key.status !== "ACTIVE") {
      throw invalidInput([], `Delegated key ${id.slice(0, 120)} is ${key.status}; only an ACTIVE key can be revoked`, {
        reason: "DELEGATED_KEY_NOT_ACTIVE",
      });
    }
    await tx
      .update(delegatedKeys)
      .set({ status: "REVOKED", encryptedPrivateKey: null, updatedAt: new Date() })
      .where(eq(delegatedKeys.id, key.id));
  });
}
