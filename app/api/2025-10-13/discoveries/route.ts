import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { getDiscoveriesOp } from "@/lib/server/discoveries/discovery.contract";
import { listDiscoveries } from "@/lib/server/discoveries/list-discoveries";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getDiscoveriesOp, async ({ query }) => reply(200, listDiscoveries(query))),
});
