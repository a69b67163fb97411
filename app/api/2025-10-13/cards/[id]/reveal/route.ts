import { handle, methods, reply } from "@/lib/http/handler";
import { revealCardOp } from "@/lib/cards/card.contract";
import { revealCard } from "@/lib/cards/reveal-card";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(revealCardOp, async ({ platform, params, url }) => reply(200, await revealCard(platform, params.id, url.origin))),
});
