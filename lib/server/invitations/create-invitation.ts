import { randomBytes } from "node:crypto";
import { getDb } from "@/db/client";
import { umaInvitations } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { requireHeldPermissions } from "@/lib/server/platforms/token-permission";
import { customerByUma } from "./customer-by-uma";
import { toInvitation } from "./invitation-view";
import type { Invitation } from "./invitation.contract";

export async function createInvitation(
  platform: PlatformPrincipal,
  input: { inviterUma: string; firstName?: string; amountToSend?: number; expiresAt?: string },
): Promise<Invitation> {
  // An amount to send is a payment promised to the invitee: giving it needs what the payment needs.
  if (input.amountToSend !== undefined) requireHeldPermissions(platform, ["TRANSACT"], "promise an invitee an amount");
  const db = await getDb();
  const inviter = await customerByUma(db, platform.id, input.inviterUma, "inviterUma");
  const [row] = await db
    .insert(umaInvitations)
    .values({
      // The code travels in links and is the capability to claim: 80 random bits, lowercase base32-like hex.
      code: randomBytes(10).toString("hex"),
      platformId: platform.id,
      inviterCustomerId: inviter.customerId,
      inviterUma: input.inviterUma,
      firstName: input.firstName ?? null,
      amountToSend: input.amountToSend !== undefined ? BigInt(input.amountToSend) : null,
      amountCurrency: input.amountToSend !== undefined ? inviter.currency : null,
      status: "PENDING",
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    })
    .returning();
  return toInvitation(row);
}
