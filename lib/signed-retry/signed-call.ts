import type { Ctx } from "@/lib/http/handler";
import type { SignedCall } from "./signed-operation";

/** The parts of a handler context the signed-retry mechanism judges, plus the operation's input. */
export function signedCall<I>(ctx: Pick<Ctx<unknown, unknown, unknown>, "platform" | "req" | "url" | "rawBody">, input: I): SignedCall<I> {
  return {
    platform: ctx.platform,
    method: ctx.req.method.toUpperCase(),
    path: ctx.url.pathname,
    headers: ctx.req.headers,
    rawBody: ctx.rawBody,
    input,
  };
}
