import { handle, methods, reply } from "@/lib/http/handler";
import { getCardOp, updateCardOp } from "@/lib/cards/card.contract";
import { getCard } from "@/lib/cards/get-card";
import { updateCard } from "@/lib/cards/update-card";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getCardOp, async ({ platform, params }) => reply(200, await getCard(platform.id, params.id))),
  PATCH: handle(updateCardOp, async ({ platform, params, body }) =>
    reply(200, await updateCard(platform, params.id, body)),
  ),
});
