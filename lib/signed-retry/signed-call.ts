import type { Ctx } from "@/lib/api-core/context";
import type { SignedCall } from "./signed-operation";

/** The parts of a handler context the signed-retry mechanism judges, plus the operation's input. */
export function signedCall<I>(
  ctx: Pick<Ctx<unknown, unknown, unknown>, "platform" | "req" | "url" | "rawBody">,
  input: I,
): SignedCall<I> {
  return {
    platform: ctx.platform,
    method: ctx.req.method.toUpperCase(),
    path: decodedPath(ctx.url.pathname),
    headers: ctx.req.headers,
    rawBody: ctx.rawBody,
    input,
  };
}

/** `/x/Session%3A…` and `/x/Session:…` name the same resource: bind and compare the decoded form. */
function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
