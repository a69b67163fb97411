import { and, eq, gt, isNull, or } from "drizzle-orm";
import { getDb } from "@/db/client";
import { umaInvitations } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { notPendingError, toInvitation } from "./invitation-view";
import type { Invitation } from "./invitation.contract";

/** Only the inviter's platform (another gets 404) and only from PENDING (else 400, notPendingError), in one conditional update. */
export async function cancelInvitation(platform: PlatformPrincipal, code: string): Promise<Invitation> {
  const db = await getDb();
  const mine = and(eq(umaInvitations.code, code.toLowerCase()), eq(umaInvitations.platformId, platform.id));
  const [won] = await db
    .update(umaInvitations)
    .set({ status: "CANCELLED", updatedAt: new Date() })
    .where(
      and(
        mine,
        eq(umaInvitations.status, "PENDING"),
        or(isNull(umaInvitations.expiresAt), gt(umaInvitations.expiresAt, new Date())),
      ),
    )
    .returning();
  if (won) return toInvitation(won);
  const [row] = await db.select().from(umaInvitations).where(mine);
  if (!row) throw notFound("INVITATION_NOT_FOUND", "Invitation", code);
  throw notPendingError(toInvitation(row).status, "cancelled");
}
