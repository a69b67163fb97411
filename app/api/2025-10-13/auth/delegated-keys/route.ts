import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { createDelegatedKeyOp, listDelegatedKeysOp } from "@/lib/server/delegated-keys/delegated-key.contract";
import { createDelegatedKey } from "@/lib/server/delegated-keys/create-delegated-key";
import { listDelegatedKeys } from "@/lib/server/delegated-keys/list-delegated-keys";
import { signedCall } from "@/lib/server/signed-retry/signed-call";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(createDelegatedKeyOp, async (ctx) =>
    createDelegatedKey(signedCall(ctx, { platform: ctx.platform, body: ctx.body })),
  ),
  GET: handle(listDelegatedKeysOp, async ({ platform, query }) => reply(200, await listDelegatedKeys(platform, query))),
});
