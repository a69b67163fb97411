import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import {
  getBeneficialOwnerOp,
  updateBeneficialOwnerOp,
} from "@/lib/server/beneficial-owners/beneficial-owner.contract";
import { getBeneficialOwner } from "@/lib/server/beneficial-owners/get-beneficial-owner";
import { updateBeneficialOwner } from "@/lib/server/beneficial-owners/update-beneficial-owner";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getBeneficialOwnerOp, async ({ platform, params }) =>
    reply(200, await getBeneficialOwner(platform, params.beneficialOwnerId)),
  ),
  PATCH: handle(updateBeneficialOwnerOp, async ({ platform, params, body }) =>
    reply(200, await updateBeneficialOwner(platform, params.beneficialOwnerId, body)),
  ),
});
