import { handle, methods, reply } from "@/lib/http/handler";
import { listVaspsOp } from "@/lib/discoveries/discovery.contract";
import { listVasps } from "@/lib/discoveries/list-vasps";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(listVaspsOp, async ({ query }) => reply(200, listVasps(query))),
});
