import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { deleteScaFactorOp } from "@/lib/server/sca/sca.contract";
import { deleteScaFactor } from "@/lib/server/sca/delete-sca-factor";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: handle(deleteScaFactorOp, async ({ platform, params, query }) => {
    await deleteScaFactor(platform, query.customerId, params.credentialId);
    return reply(204);
  }),
});
