import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { umaInvitations } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import { toInvitation } from "./invitation-view";
import type { Invitation } from "./invitation.contract";

/** By code, from any platform: the code is the capability an invitee's platform holds. */
export async function getInvitation(code: string): Promise<Invitation> {
  const [row] = await (await getDb()).select().from(umaInvitations).where(eq(umaInvitations.code, code.toLowerCase()));
  if (!row) throw notFound("INVITATION_NOT_FOUND", "Invitation", code);
  return toInvitation(row);
}
