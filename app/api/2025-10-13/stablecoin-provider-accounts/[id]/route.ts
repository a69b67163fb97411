import { handle, methods, reply } from "@/lib/http/handler";
import { getProviderAccountOp } from "@/lib/stablecoins/stablecoin.contract";
import { getProviderAccount } from "@/lib/stablecoins/get-provider-account";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getProviderAccountOp, async ({ platform, params }) =>
    reply(200, await getProviderAccount(platform.id, params.id)),
  ),
});
