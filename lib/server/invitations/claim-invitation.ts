import { and, eq, gt, isNull, or } from "drizzle-orm";
import { getDb } from "@/db/client";
import { umaInvitations } from "@/db/schema";
import { type ApiError, notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { emitEvent } from "@/lib/server/webhooks/emit-event";
import { customerByUma } from "./customer-by-uma";
import { notPendingError, toInvitation } from "./invitation-view";
import type { Invitation } from "./invitation.contract";
import { invitationClaimedEvent } from "./invitation.contract";

/**
 * Claim: one conditional UPDATE from PENDING (and not expired), so of any number of concurrent claims on any
 * instances exactly one wins; INVITATION.CLAIMED goes to the inviter's platform in the same transaction.
 */
export async function claimInvitation(
  platform: PlatformPrincipal,
  code: string,
  inviteeUma: string,
): Promise<Invitation> {
  const db = await getDb();
  await customerByUma(db, platform.id, inviteeUma, "inviteeUma");
  return db.transaction(async (tx) => {
    const now = new Date();
    const [won] = await tx
      .update(umaInvitations)
      .set({ status: "CLAIMED", inviteeUma, claimedByPlatformId: platform.id, claimedAt: now, updatedAt: now })
      .where(
        and(
          eq(umaInvitations.code, code.toLowerCase()),
          eq(umaInvitations.status, "PENDING"),
          or(isNull(umaInvitations.expiresAt), gt(umaInvitations.expiresAt, now)),
        ),
      )
      .returning();
    if (!won) throw await notClaimable(tx, code);
    const view = toInvitation(won);
    await emitEvent(tx, invitationClaimedEvent, { platformId: won.platformId, data: view });
    return view;
  });
}

async function notClaimable(db: Parameters<typeof customerByUma>[0], code: string): Promise<ApiError> {
  const [row] = await db.select().from(umaInvitations).where(eq(umaInvitations.code, code.toLowerCase()));
  if (!row) return notFound("INVITATION_NOT_FOUND", "Invitation", code);
  return notPendingError(toInvitation(row).status, "claimed");
}
