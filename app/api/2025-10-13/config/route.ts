import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { getConfigOp, updateConfigOp } from "@/lib/server/platforms/config.contract";
import { getPlatformConfig, updatePlatformConfig } from "@/lib/server/platforms/platform-config";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getConfigOp, async ({ platform }) => reply(200, await getPlatformConfig(platform))),
  PATCH: handle(updateConfigOp, async ({ platform, body }) => reply(200, await updatePlatformConfig(platform, body))),
});
