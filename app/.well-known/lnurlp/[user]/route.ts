import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { serveLnurlp } from "@/lib/server/uma/serve-lnurlp";
import { umaLnurlpOp } from "@/lib/server/uma/uma-vasp.contract";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(umaLnurlpOp, async (ctx) =>
    reply(200, await serveLnurlp(ctx.req.headers.get("host"), ctx.url, ctx.params.user)),
  ),
});
