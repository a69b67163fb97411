import { errorJson, TRACE_HEADER } from "@/lib/server/edge/http/handler";
import { randomUUID } from "node:crypto";

/** Any path under {base_url} that no route matches: 404 NOT_FOUND as an error object. */
async function notFound(req: Request): Promise<Response> {
  const res = errorJson("NOT_FOUND", `No such endpoint: ${req.method} ${new URL(req.url).pathname}`);
  res.headers.set(TRACE_HEADER, randomUUID());
  return res;
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
