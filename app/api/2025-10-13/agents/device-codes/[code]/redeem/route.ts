import { handle, methods, reply } from "@/lib/http/handler";
import { redeemDeviceCodeOp } from "@/lib/agents/agent.contract";
import { redeemDeviceCode } from "@/lib/agents/redeem-device-code";
import { sourceAddress } from "@/lib/rate-limit/source-address";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(redeemDeviceCodeOp, async ({ params, req }) =>
    reply(200, await redeemDeviceCode(params.code, sourceAddress(req.headers))),
  ),
});
