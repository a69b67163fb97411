import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { createQuoteOp, listQuotesOp } from "@/lib/server/quotes/quote.contract";
import { createQuote } from "@/lib/server/quotes/create-quote";
import { listQuotes } from "@/lib/server/quotes/list-quotes";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(listQuotesOp, async ({ platform, query }) => reply(200, await listQuotes(platform, query))),
  POST: handle(createQuoteOp, async ({ platform, body, req }) => {
    const quote = await createQuote(platform, body, { idempotencyKey: req.headers.get("idempotency-key") });
    return reply(quote.status === "PENDING_AUTHORIZATION" ? 202 : 201, quote);
  }),
});
