import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { recordSecurityEventOp } from "@/lib/server/sca/sca.contract";
import { recordSecurityEvent } from "@/lib/server/sca/record-security-event";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(recordSecurityEventOp, async ({ platform, query, body }) =>
    reply(200, await recordSecurityEvent(platform, query.customerId, body.eventType)),
  ),
});
