import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { getProviderAccountOp } from "@/lib/server/stablecoins/stablecoin.contract";
import { getProviderAccount } from "@/lib/server/stablecoins/get-provider-account";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getProviderAccountOp, async ({ platform, params }) =>
    reply(200, await getProviderAccount(platform.id, params.id)),
  ),
});
