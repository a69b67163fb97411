import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { getQuoteOp } from "@/lib/server/quotes/quote.contract";
import { getQuote } from "@/lib/server/quotes/get-quote";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getQuoteOp, async ({ platform, params }) => reply(200, await getQuote(platform.id, params.quoteId))),
});
