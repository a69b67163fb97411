import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { servePubKeys } from "@/lib/server/uma/serve-pubkeys";
import { umaPubKeysOp } from "@/lib/server/uma/uma-vasp.contract";

/** UMA's key document; the platform is the one whose configured umaDomain the request's Host names. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(umaPubKeysOp, async (ctx) => reply(200, await servePubKeys(ctx.req.headers.get("host")))),
});
