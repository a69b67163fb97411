import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { authorizeQuoteOp } from "@/lib/server/quotes/quote.contract";
import { authorizeQuote } from "@/lib/server/quotes/authorize-quote";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(authorizeQuoteOp, async ({ platform, params, body }) =>
    reply(200, await authorizeQuote(platform, params.quoteId, body)),
  ),
});
