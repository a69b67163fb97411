import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { getInternalAccountOp } from "@/lib/server/internal-accounts/internal-account.contract";
import { updateInternalAccountOp } from "@/lib/server/internal-accounts/export.contract";
import { getInternalAccount } from "@/lib/server/internal-accounts/get-internal-account";
import { updateInternalAccount } from "@/lib/server/internal-accounts/update-internal-account";
import { signedCall } from "@/lib/server/signed-retry/signed-call";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getInternalAccountOp, async ({ platform, params }) =>
    reply(200, await getInternalAccount(platform, params.id)),
  ),
  PATCH: handle(updateInternalAccountOp, async (ctx) =>
    updateInternalAccount(signedCall(ctx, { platform: ctx.platform, accountId: ctx.params.id, body: ctx.body })),
  ),
});
