import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { createCardOp, listCardsOp } from "@/lib/server/cards/card.contract";
import { createCard } from "@/lib/server/cards/create-card";
import { listCards } from "@/lib/server/cards/list-cards";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(createCardOp, async ({ platform, body }) => reply(201, await createCard(platform, body))),
  GET: handle(listCardsOp, async ({ platform, query }) => reply(200, await listCards(platform.id, query))),
});
