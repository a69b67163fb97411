import type { InferSelectModel } from "drizzle-orm";
import type { umaInvitations } from "@/db/schema";
import { ApiError } from "@/lib/server/core/errors";
import { env } from "@/lib/shared/config/env";
import { iso } from "@/lib/shared/ids";
import { money } from "@/lib/server/money/currencies";
import type { Invitation } from "./invitation.contract";
import { invalidInput } from "@/lib/server/core/validation";

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

/**
 * Why an invitation that is no longer PENDING cannot be claimed or cancelled: Grid's 400 codes (Error400
 * INVITATION_ALREADY_CLAIMED, INVITATION_CANCELLED); an expired one has no code of Grid's and is INVALID_INPUT with
 * details.reason INVITATION_EXPIRED (docs/protocol.md "Error codes per operation").
 */
export function notPendingError(status: Invitation["status"], verb: "claimed" | "cancelled"): ApiError {
  const details = { status };
  if (status === "CLAIMED")
    return new ApiError("INVITATION_ALREADY_CLAIMED", "The invitation has already been claimed", details);
  if (status === "CANCELLED") return new ApiError("INVITATION_CANCELLED", "The invitation has been cancelled", details);
  return invalidInput([], `The invitation is ${status}; only a PENDING invitation can be ${verb}`, {
    ...details,
    reason: `INVITATION_${status}`,
  });
}
