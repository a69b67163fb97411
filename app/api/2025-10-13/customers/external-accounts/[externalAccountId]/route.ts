import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { customerExternalAccountOps as ops } from "@/lib/server/external-accounts/external-account.contract";
import { deleteExternalAccount } from "@/lib/server/external-accounts/delete-external-account";
import { getExternalAccount } from "@/lib/server/external-accounts/get-external-account";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(ops.get, async ({ platform, params }) =>
    reply(200, await getExternalAccount({ platformId: platform.id, kind: "customers" }, params.externalAccountId)),
  ),
  DELETE: handle(ops.remove, async ({ platform, params }) => {
    await deleteExternalAccount({ platformId: platform.id, kind: "customers" }, params.externalAccountId);
    return reply(204);
  }),
});
