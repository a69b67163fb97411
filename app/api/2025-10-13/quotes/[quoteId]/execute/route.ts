import { handle, methods, reply } from "@/lib/http/handler";
import { executeQuoteOp } from "@/lib/quotes/quote.contract";
import { executeQuote } from "@/lib/quotes/execute-quote";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(executeQuoteOp, async ({ platform, params }) => reply(200, await executeQuote(platform, params.quoteId))),
});
