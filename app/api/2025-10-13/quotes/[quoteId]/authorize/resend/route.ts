import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { resendQuoteScaCodeOp } from "@/lib/server/quotes/quote.contract";
import { resendQuoteScaCode } from "@/lib/server/quotes/resend-quote-sca-code";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(resendQuoteScaCodeOp, async ({ platform, params }) => {
    await resendQuoteScaCode(platform, params.quoteId);
    return reply(204);
  }),
});
