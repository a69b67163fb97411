import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { trustOpsOf } from "@/lib/server/sca/sca.contract";
import { startBeneficiaryTrust } from "@/lib/server/sca/start-beneficiary-trust";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(trustOpsOf.untrust.start, async ({ platform, params }) =>
    reply(200, await startBeneficiaryTrust(platform, params.externalAccountId, "UNTRUST")),
  ),
});
