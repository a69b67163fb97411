import type { RequestCtx } from "@/lib/api-core/context";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import type { SignedCall } from "./signed-operation";

/** The parts of a handler context the signed-retry mechanism judges, plus the operation's input. */
export function signedCall<I>(
  ctx: Pick<RequestCtx<unknown, unknown, unknown>, "req" | "url" | "rawBody"> & { platform: PlatformPrincipal },
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
