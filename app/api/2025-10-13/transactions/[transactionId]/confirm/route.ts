import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { confirmReceiptDeliveryOp } from "@/lib/server/transactions/transaction.contract";
import { confirmReceiptDelivery } from "@/lib/server/transactions/confirm-receipt-delivery";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(confirmReceiptDeliveryOp, async ({ platform, params, body }) =>
    reply(200, await confirmReceiptDelivery(platform.id, params.transactionId, body?.receiptDeliveryConfirmedAt)),
  ),
});
