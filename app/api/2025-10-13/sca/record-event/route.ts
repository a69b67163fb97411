import { handle, methods, reply } from "@/lib/http/handler";
import { recordSecurityEventOp } from "@/lib/sca/sca.contract";
import { recordSecurityEvent } from "@/lib/sca/record-security-event";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(recordSecurityEventOp, async ({ platform, query, body }) =>
    reply(200, await recordSecurityEvent(platform, query.customerId, body.eventType)),
  ),
});
