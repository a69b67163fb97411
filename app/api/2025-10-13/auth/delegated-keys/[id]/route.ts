import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { getDelegatedKeyOp, revokeDelegatedKeyOp } from "@/lib/server/delegated-keys/delegated-key.contract";
import { getDelegatedKey } from "@/lib/server/delegated-keys/get-delegated-key";
import { revokeDelegatedKey } from "@/lib/server/delegated-keys/revoke-delegated-key";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getDelegatedKeyOp, async ({ platform, params }) =>
    reply(200, await getDelegatedKey(platform, params.id)),
  ),
  DELETE: handle(revokeDelegatedKeyOp, async ({ platform, params }) => {
    await revokeDelegatedKey(platform, params.id);
    return reply(204);
  }),
});
