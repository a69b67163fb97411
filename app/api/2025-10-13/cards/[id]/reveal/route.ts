import { handle, methods } from "@/lib/server/edge/http/handler";
import { revealCardOp } from "@/lib/server/cards/card.contract";
import { revealCard } from "@/lib/server/cards/reveal-card";
import { signedCall } from "@/lib/server/signed-retry/signed-call";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(revealCardOp, async (ctx) =>
    revealCard(
      signedCall(ctx, {
        platform: ctx.platform,
        cardId: ctx.params.id,
        walletSigned: ctx.body?.walletSigned === true,
      }),
    ),
  ),
});
