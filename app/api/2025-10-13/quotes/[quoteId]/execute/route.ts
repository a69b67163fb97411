import { handle, methods } from "@/lib/http/handler";
import { executeQuoteOp } from "@/lib/quotes/quote.contract";
import { executeQuoteRequest } from "@/lib/quotes/execute-quote-request";
import { signedCall } from "@/lib/signed-retry/signed-call";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(executeQuoteOp, async (ctx) =>
    executeQuoteRequest(
      signedCall(ctx, { platform: ctx.platform, quoteId: ctx.params.quoteId, scaFactor: ctx.body?.scaFactor }),
    ),
  ),
});
