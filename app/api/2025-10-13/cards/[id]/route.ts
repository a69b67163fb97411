import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { getCardOp, updateCardOp } from "@/lib/server/cards/card.contract";
import { getCard } from "@/lib/server/cards/get-card";
import { updateCard } from "@/lib/server/cards/update-card";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getCardOp, async ({ platform, params }) => reply(200, await getCard(platform.id, params.id))),
  PATCH: handle(updateCardOp, async ({ platform, params, body }) =>
    reply(200, await updateCard(platform, params.id, body)),
  ),
});
