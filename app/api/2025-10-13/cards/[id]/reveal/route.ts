import { handle, methods } from "@/lib/http/handler";
import { revealCardOp } from "@/lib/cards/card.contract";
import { revealCard } from "@/lib/cards/reveal-card";
import { signedCall } from "@/lib/signed-retry/signed-call";

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
