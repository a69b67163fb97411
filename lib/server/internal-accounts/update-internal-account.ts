import { eq } from "drizzle-orm";
import { internalAccounts } from "@/db/schema";
import { reply } from "@/lib/server/core/reply";
import { runSignedRetry } from "@/lib/server/signed-retry/run-signed-retry";
import type { SignedCall } from "@/lib/server/signed-retry/signed-operation";
import { toInternalAccount } from "./internal-account-view";
import { walletSignedOperation, type WalletInput } from "./wallet-signed-operation";

type UpdateBody = { privateEnabled?: boolean };

/**
 * PATCH /internal-accounts/{id} (Grid's updateInternalAccount): a signed retry by an active session of the
 * wallet, binding the update fields into payloadToSign; the accepted retry applies them and answers 200.
 */
const updateInternalAccountOperation = walletSignedOperation<UpdateBody>({
  name: "internal-accounts.update",
  activityType: "ACTIVITY_TYPE_UPDATE_WALLET",
  what: "can be updated",
  parameters: (body) => ({ ...body }),
  async execute(tx, input, account) {
    const [row] = await tx
      .update(internalAccounts)
      .set({ privateEnabled: input.body.privateEnabled ?? account.privateEnabled, updatedAt: new Date() })
      .where(eq(internalAccounts.id, account.id))
      .returning();
    return reply(200, toInternalAccount(row));
  },
});

export function updateInternalAccount(call: SignedCall<WalletInput<UpdateBody>>) {
  return runSignedRetry(updateInternalAccountOperation, call);
}
