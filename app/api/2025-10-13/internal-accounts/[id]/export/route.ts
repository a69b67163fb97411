import { handle, methods } from "@/lib/server/edge/http/handler";
import { exportWalletOp } from "@/lib/server/internal-accounts/export.contract";
import { exportWallet } from "@/lib/server/internal-accounts/export-wallet";
import { signedCall } from "@/lib/server/signed-retry/signed-call";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(exportWalletOp, async (ctx) =>
    exportWallet(signedCall(ctx, { platform: ctx.platform, accountId: ctx.params.id, body: ctx.body })),
  ),
});
