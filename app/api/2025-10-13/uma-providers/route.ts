import { handle, methods, reply } from "@/lib/http/handler";
import { listUmaProvidersOp } from "@/lib/uma/uma.contract";
import { listUmaProviders } from "@/lib/uma/list-uma-providers";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(listUmaProvidersOp, async ({ query }) => reply(200, listUmaProviders(query))),
});
