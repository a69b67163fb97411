import { handle, methods, reply } from "@/lib/http/handler";
import { createQuoteOp } from "@/lib/quotes/quote.contract";
import { createQuote } from "@/lib/quotes/create-quote";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(createQuoteOp, async ({ platform, body, req }) =>
    reply(201, await createQuote(platform, body, { idempotencyKey: req.headers.get("idempotency-key") })),
  ),
});
