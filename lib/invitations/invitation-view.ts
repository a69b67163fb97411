import type { InferSelectModel } from "drizzle-orm";
import type { umaInvitations } from "@/db/schema";
import { env } from "@/lib/config/env";
import { iso } from "@/lib/ids";
import { money } from "@/lib/money/currencies";
import type { Invitation } from "./invitation.contract";

export type InvitationRow = InferSelectModel<typeof umaInvitations>;

/** EXPIRED is derived: a PENDING invitation past its expiresAt. */
export function toInvitation(r: InvitationRow): Invitation {
  const expired = r.status === "PENDING" && r.expiresAt !== null && r.expiresAt.getTime() <= Date.now();
  const out: Invitation = {
    code: r.code,
    createdAt: iso(r.createdAt),
    url: `${env().INVITATION_URL_BASE}${r.code}`,
    inviterUma: r.inviterUma,
    status: expired ? "EXPIRED" : r.status,
  };
  if (r.claimedAt) out.claimedAt = iso(r.claimedAt);
  if (r.expiresAt) out.expiresAt = iso(r.expiresAt);
  if (r.inviteeUma) out.inviteeUma = r.inviteeUma;
  if (r.firstName) out.firstName = r.firstName;
  if (r.amountToSend !== null && r.amountCurrency) out.amountToSend = money(r.amountToSend, r.amountCurrency);
  return out;
}
