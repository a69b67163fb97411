import { handle, methods, reply } from "@/lib/http/handler";
import { completeTwoFactorResetOp } from "@/lib/sca/sca.contract";
import { completeTwoFactorReset } from "@/lib/sca/complete-two-factor-reset";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(completeTwoFactorResetOp, async ({ platform, params, query, body }) => {
    await completeTwoFactorReset(platform, query.customerId, params.resetId, body ?? {});
    return reply(204);
  }),
});
