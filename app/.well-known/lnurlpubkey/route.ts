import { handle, methods, reply } from "@/lib/http/handler";
import { servePubKeys } from "@/lib/uma/serve-pubkeys";
import { umaPubKeysOp } from "@/lib/uma/uma-vasp.contract";

/** UMA's key document; the platform is the one whose configured umaDomain the request's Host names. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(umaPubKeysOp, async (ctx) => reply(200, await servePubKeys(ctx.req.headers.get("host")))),
});
