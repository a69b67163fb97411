import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { listVaspsOp } from "@/lib/server/discoveries/discovery.contract";
import { listVasps } from "@/lib/server/discoveries/list-vasps";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(listVaspsOp, async ({ query }) => reply(200, listVasps(query))),
});
