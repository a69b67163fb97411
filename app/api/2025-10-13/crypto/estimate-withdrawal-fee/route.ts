import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { estimateWithdrawalFeeOp } from "@/lib/server/withdrawal-fees/withdrawal-fee.contract";
import { estimateWithdrawalFee } from "@/lib/server/withdrawal-fees/estimate-withdrawal-fee";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(estimateWithdrawalFeeOp, async ({ platform, body }) =>
    reply(200, await estimateWithdrawalFee(platform, body)),
  ),
});
