import { handle, methods, reply } from "@/lib/http/handler";
import { redeemDeviceCodeOp } from "@/lib/agents/agent.contract";
import { redeemDeviceCode } from "@/lib/agents/redeem-device-code";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(redeemDeviceCodeOp, async ({ params }) => reply(200, await redeemDeviceCode(params.code))),
});
