import { handle, methods, reply } from "@/lib/http/handler";
import { getDiscoveriesOp } from "@/lib/discoveries/discovery.contract";
import { listDiscoveries } from "@/lib/discoveries/list-discoveries";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getDiscoveriesOp, async ({ query }) => reply(200, listDiscoveries(query))),
});
