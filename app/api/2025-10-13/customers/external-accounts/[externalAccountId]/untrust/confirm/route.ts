import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { trustOpsOf } from "@/lib/server/sca/sca.contract";
import { confirmBeneficiaryTrust } from "@/lib/server/sca/confirm-beneficiary-trust";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(trustOpsOf.untrust.confirm, async ({ platform, params, body }) =>
    reply(200, await confirmBeneficiaryTrust(platform, params.externalAccountId, "UNTRUST", body)),
  ),
});
