import { handle, methods, reply } from "@/lib/http/handler";
import { deleteScaFactorOp } from "@/lib/sca/sca.contract";
import { deleteScaFactor } from "@/lib/sca/delete-sca-factor";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: handle(deleteScaFactorOp, async ({ platform, params, query }) => {
    await deleteScaFactor(platform, query.customerId, params.credentialId);
    return reply(204);
  }),
});
