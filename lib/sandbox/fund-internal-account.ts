import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { internalAccounts } from "@/db/schema";
import { ApiError } from "@/lib/api-core/errors";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { newUuid } from "@/lib/ids";
import { toInternalAccount } from "@/lib/internal-accounts/internal-account-view";
import type { InternalAccount } from "@/lib/internal-accounts/internal-account.contract";
import { executeTransaction } from "@/lib/transactions/execute-transaction";
import { insertTransaction } from "@/lib/transactions/insert-transaction";
import { resolveInternal } from "@/lib/money/resolve-accounts";

/** POST /sandbox/internal-accounts/{id}/fund: credit from the sandbox's outside world, through the ledger. */
export async function fundInternalAccount(platform: PlatformPrincipal, accountId: string, amount: number): Promise<InternalAccount> {
  if (platform.environment !== "SANDBOX") throw new ApiError("FORBIDDEN", "Sandbox endpoints are available to SANDBOX platforms only");
  const db = await getDb();
  const acct = await resolveInternal(db, platform.id, accountId);
  const row = await db.transaction(async (tx) => {
    const t = await insertTransaction(tx, {
      id: newUuid(),
      platformId: platform.id,
      customerId: acct.customerId,
      kind: "FUNDING",
      direction: "INCOMING",
      status: "PROCESSING",
      sourceKind: "SANDBOX",
      sourceAccountId: null,
      destinationKind: "INTERNAL",
      destinationAccountId: acct.uuid,
      sendingCurrency: acct.currency,
      sendingAmount: BigInt(amount),
      receivingCurrency: acct.currency,
      receivingAmount: BigInt(amount),
      exchangeRate: "1",
      feesAmount: 0n,
      platformFeesAmount: 0n,
      usdValueCents: 0n,
      description: "Sandbox funding",
    });
    const done = await executeTransaction(tx, t, { settings: platform.settings, sandbox: true, onRefusal: "throw" });
    if (done.status !== "COMPLETED") throw new ApiError("INVALID_INPUT", `The account cannot receive funds (${done.failureReason})`);
    const [a] = await tx.select().from(internalAccounts).where(eq(internalAccounts.id, acct.uuid));
    return a;
  });
  return toInternalAccount(row);
}
