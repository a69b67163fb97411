import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import {
  createBeneficialOwnerOp,
  listBeneficialOwnersOp,
} from "@/lib/server/beneficial-owners/beneficial-owner.contract";
import { createBeneficialOwner } from "@/lib/server/beneficial-owners/create-beneficial-owner";
import { listBeneficialOwners } from "@/lib/server/beneficial-owners/list-beneficial-owners";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(createBeneficialOwnerOp, async ({ platform, body }) =>
    reply(201, await createBeneficialOwner(platform, body)),
  ),
  GET: handle(listBeneficialOwnersOp, async ({ platform, query }) =>
    reply(200, await listBeneficialOwners(platform, query)),
  ),
});
