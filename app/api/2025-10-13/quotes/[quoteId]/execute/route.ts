import { handle, methods } from "@/lib/server/edge/http/handler";
import { executeQuoteOp } from "@/lib/server/quotes/quote.contract";
import { executeQuoteRequest } from "@/lib/server/quotes/execute-quote-request";
import { signedCall } from "@/lib/server/signed-retry/signed-call";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(executeQuoteOp, async (ctx) =>
    executeQuoteRequest(
      signedCall(ctx, { platform: ctx.platform, quoteId: ctx.params.quoteId, scaFactor: ctx.body?.scaFactor }),
    ),
  ),
});
