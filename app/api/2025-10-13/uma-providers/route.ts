import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { listUmaProvidersOp } from "@/lib/server/uma/uma.contract";
import { listUmaProviders } from "@/lib/server/uma/list-uma-providers";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(listUmaProvidersOp, async ({ query }) => reply(200, listUmaProviders(query))),
});
