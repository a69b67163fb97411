import { handle, methods, reply } from "@/lib/http/handler";
import { trustOpsOf } from "@/lib/sca/sca.contract";
import { confirmBeneficiaryTrust } from "@/lib/sca/confirm-beneficiary-trust";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(trustOpsOf.trust.confirm, async ({ platform, params, body }) =>
    reply(200, await confirmBeneficiaryTrust(platform, params.externalAccountId, "TRUST", body)),
  ),
});
