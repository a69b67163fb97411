import { handle, methods, reply } from "@/lib/http/handler";
import { authorizeQuoteOp } from "@/lib/quotes/quote.contract";
import { authorizeQuote } from "@/lib/quotes/authorize-quote";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(authorizeQuoteOp, async ({ platform, params, body }) =>
    reply(200, await authorizeQuote(platform, params.quoteId, body)),
  ),
});
