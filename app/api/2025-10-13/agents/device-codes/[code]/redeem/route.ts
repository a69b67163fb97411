import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { redeemDeviceCodeOp } from "@/lib/server/agents/agent.contract";
import { redeemDeviceCode } from "@/lib/server/agents/redeem-device-code";
import { sourceAddress } from "@/lib/server/rate-limit/source-address";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(redeemDeviceCodeOp, async ({ params, req }) =>
    reply(200, await redeemDeviceCode(params.code, sourceAddress(req.headers))),
  ),
});
