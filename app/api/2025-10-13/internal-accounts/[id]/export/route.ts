import { handle, methods } from "@/lib/http/handler";
import { exportWalletOp } from "@/lib/internal-accounts/export.contract";
import { exportWallet } from "@/lib/internal-accounts/export-wallet";
import { signedCall } from "@/lib/signed-retry/signed-call";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(exportWalletOp, async (ctx) =>
    exportWallet(signedCall(ctx, { platform: ctx.platform, accountId: ctx.params.id, body: ctx.body })),
  ),
});
