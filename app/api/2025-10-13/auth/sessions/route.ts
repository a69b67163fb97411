import { handle, methods, reply } from "@/lib/http/handler";
import { listSessionsOp } from "@/lib/sessions/session.contract";
import { listSessions } from "@/lib/sessions/list-sessions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(listSessionsOp, async ({ platform, query }) => reply(200, await listSessions(platform, query.accountId))),
});
