import type { RequestCtx } from "@/lib/server/core/context";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { invalidInput } from "@/lib/server/core/validation";
import { SIGNATURE_HEADER, type SignedCall } from "./signed-operation";

/** The spelling Grid's official client sends for the same stamp (protocol.md "`Service-Wallet-Signature` header"). */
const GRID_SIGNATURE_HEADER = "Grid-Wallet-Signature";

/** The parts of a handler context the signed-retry mechanism judges, plus the operation's input. */
export function signedCall<I>(
  ctx: Pick<RequestCtx<unknown, unknown, unknown>, "req" | "url" | "rawBody"> & { platform: PlatformPrincipal },
  input: I,
): SignedCall<I> {
  return {
    platform: ctx.platform,
    method: ctx.req.method.toUpperCase(),
    path: decodedPath(ctx.url.pathname),
    headers: withOneSignatureHeader(ctx.req.headers),
    rawBody: ctx.rawBody,
    input,
  };
}

/**
 * One header, two spellings (protocol.md): the spec's `Service-Wallet-Signature` and Grid's `Grid-Wallet-Signature`.
 * Everything after this reads the spec's name only; both present with different values → 400 naming the header.
 */
function withOneSignatureHeader(headers: Headers): Headers {
  const grid = headers.get(GRID_SIGNATURE_HEADER);
  if (grid === null) return headers;
  const ours = headers.get(SIGNATURE_HEADER);
  if (ours !== null && ours !== grid) {
    throw invalidInput(
      [
        {
          field: SIGNATURE_HEADER,
          message: `${SIGNATURE_HEADER} and ${GRID_SIGNATURE_HEADER} are one header under two names and carry different values`,
        },
      ],
      `The request carries ${SIGNATURE_HEADER} and ${GRID_SIGNATURE_HEADER} with different values`,
    );
  }
  const copy = new Headers(headers);
  copy.delete(GRID_SIGNATURE_HEADER);
  copy.set(SIGNATURE_HEADER, grid);
  return copy;
}

/** `/x/Session%3A…` and `/x/Session:…` name the same resource: bind and compare the decoded form. */
function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
