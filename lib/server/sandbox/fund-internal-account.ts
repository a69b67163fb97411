import { eq } from "drizzle-orm";
import { limitSandboxMoney } from "@/lib/server/rate-limit/limit-sandbox-money";
import { getDb } from "@/db/client";
import { internalAccounts } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { toInternalAccount } from "@/lib/server/internal-accounts/internal-account-view";
import type { InternalAccount } from "@/lib/server/internal-accounts/internal-account.contract";
import { resolveInternal } from "@/lib/server/money/resolve-accounts";
import { moneyTransaction } from "@/lib/server/transactions/money-transaction";
import { creditFromSandbox, requireSandbox } from "./sandbox-credit";

/** POST /sandbox/internal-accounts/{id}/fund: credit from the sandbox's outside world, through the ledger. */
export async function fundInternalAccount(
  platform: PlatformPrincipal,
  accountId: string,
  amount: number,
): Promise<InternalAccount> {
  requireSandbox(platform);
  await limitSandboxMoney(platform);
  const db = await getDb();
  const acct = await resolveInternal(db, platform.id, accountId);
  const row = await moneyTransaction(async (tx) => {
    await creditFromSandbox(tx, platform, acct, BigInt(amount), "Sandbox funding");
    const [a] = await tx.select().from(internalAccounts).where(eq(internalAccounts.id, acct.uuid));
    return a;
  });
  return toInternalAccount(row);
}
