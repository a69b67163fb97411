import { handle, methods, reply } from "@/lib/http/handler";
import { lookupExternalAccountOp } from "@/lib/uma/uma.contract";
import { lookupExternalAccount } from "@/lib/uma/lookup-external-account";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(lookupExternalAccountOp, async ({ platform, params, query }) =>
    reply(200, await lookupExternalAccount(platform, params.accountId, query)),
  ),
});
