import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { lookupUmaOp } from "@/lib/server/uma/uma.contract";
import { lookupUma } from "@/lib/server/uma/lookup-uma";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(lookupUmaOp, async ({ platform, params, query }) =>
    reply(200, await lookupUma(platform, params.receiverUmaAddress, query)),
  ),
});
