import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { listSessionsOp } from "@/lib/server/sessions/session.contract";
import { listSessions } from "@/lib/server/sessions/list-sessions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(listSessionsOp, async ({ platform, query }) => reply(200, await listSessions(platform, query.accountId))),
});
