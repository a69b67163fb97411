import { handle, methods, reply } from "@/lib/http/handler";
import { estimateWithdrawalFeeOp } from "@/lib/withdrawal-fees/withdrawal-fee.contract";
import { estimateWithdrawalFee } from "@/lib/withdrawal-fees/estimate-withdrawal-fee";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(estimateWithdrawalFeeOp, async ({ platform, body }) =>
    reply(200, await estimateWithdrawalFee(platform, body)),
  ),
});
