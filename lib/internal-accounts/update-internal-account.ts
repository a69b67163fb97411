import { eq } from "drizzle-orm";
import { internalAccounts } from "@/db/schema";
import { reply, type Reply } from "@/lib/api-core/reply";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { formatId, parseId } from "@/lib/ids";
import { runSignedRetry } from "@/lib/signed-retry/run-signed-retry";
import type { SignedCall, SignedOperation } from "@/lib/signed-retry/signed-operation";
import type { DbOrTx } from "@/db/client";
import { findEmbeddedWalletOrThrow } from "./find-internal-account";
import { toInternalAccount } from "./internal-account-view";

interface Input {
  platform: PlatformPrincipal;
  accountId: string;
  body: { privateEnabled?: boolean };
}

function walletAccount(db: DbOrTx, input: Input) {
  return findEmbeddedWalletOrThrow(db, input.platform.id, input.accountId, "can be updated");
}

/**
 * PATCH /internal-accounts/{id} (Grid's updateInternalAccount): a signed retry by an active session of the
 * wallet, binding the update fields into payloadToSign; the accepted retry applies them and answers 200.
 */
export const updateInternalAccountOperation: SignedOperation<Input> = {
  name: "internal-accounts.update",
  activityType: "ACTIVITY_TYPE_UPDATE_WALLET",
  async prepare(input, db) {
    const account = await walletAccount(db, input);
    return {
      accountId: account.id,
      parameters: { walletId: formatId("InternalAccount", account.id), ...input.body },
      signer: { kind: "SESSION", accountId: account.id },
      context: {},
    };
  },
  accountOf(input) {
    return parseId("InternalAccount", input.accountId);
  },
  async recheck(input, _context, db) {
    await walletAccount(db, input);
  },
  async execute(tx, input) {
    const account = await walletAccount(tx, input);
    const [row] = await tx
      .update(internalAccounts)
      .set({ privateEnabled: input.body.privateEnabled ?? account.privateEnabled, updatedAt: new Date() })
      .where(eq(internalAccounts.id, account.id))
      .returning();
    return reply(200, toInternalAccount(row));
  },
};

export function updateInternalAccount(call: SignedCall<Input>): Promise<Reply> {
  return runSignedRetry(updateInternalAccountOperation, call);
}
