import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { lookupExternalAccountOp } from "@/lib/server/uma/uma.contract";
import { lookupExternalAccount } from "@/lib/server/uma/lookup-external-account";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(lookupExternalAccountOp, async ({ platform, params, query }) =>
    reply(200, await lookupExternalAccount(platform, params.accountId, query)),
  ),
});
