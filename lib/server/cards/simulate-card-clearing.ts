import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { lockedBalance, moveCardMoney } from "./card-ledger";
import { onCardTransaction } from "./card-simulation-context";
import { saveCardTransaction } from "./save-card-transaction";
import { defined } from "@/lib/shared/invariant";

/**
 * A clearing: 0 expires the authorization (hold released, SETTLED); less than the remaining hold captures
 * part (PARTIALLY_SETTLED); the rest or more captures all, pulling any excess from the funding source, or
 * booking it as a loss (EXCEPTION) when the source cannot cover it. A credit's clearing credits the source.
 */
export async function simulateCardClearing(
  platform: PlatformPrincipal,
  cardId: string,
  input: { cardTransactionId: string; amount: number },
) {
  return onCardTransaction(
    platform,
    cardId,
    input.cardTransactionId,
    ["AUTHORIZED", "PARTIALLY_SETTLED"],
    async (tx, t) => {
      const amount = BigInt(input.amount);
      const m = { ...t, accountId: defined(t.accountId, "an authorized card transaction's account") };
      const next = { ...t };
      if (t.direction === "CREDIT") {
        await moveCardMoney(tx, m, "credit", amount);
        Object.assign(next, {
          status: "SETTLED",
          settledAmount: t.settledAmount + amount,
          settlementCount: t.settlementCount + (amount > 0n ? 1 : 0),
        });
      } else if (amount === 0n) {
        await moveCardMoney(tx, m, "release", t.heldAmount);
        Object.assign(next, { status: "SETTLED", heldAmount: 0n });
      } else if (amount < t.heldAmount) {
        await moveCardMoney(tx, m, "capture", amount);
        Object.assign(next, { status: "PARTIALLY_SETTLED", heldAmount: t.heldAmount - amount });
      } else {
        await moveCardMoney(tx, m, "capture", t.heldAmount);
        const excess = amount - t.heldAmount;
        next.heldAmount = 0n;
        next.status = "SETTLED";
        if (excess > 0n) {
          if ((await lockedBalance(tx, m.accountId, m.currency)) >= excess) {
            await moveCardMoney(tx, m, "pull", excess);
            Object.assign(next, { pullAmount: t.pullAmount + excess, pullCount: t.pullCount + 1 });
          } else {
            await moveCardMoney(tx, m, "loss", excess);
            Object.assign(next, { status: "EXCEPTION", exceptionReason: "POST_HOC_PULL_FAILED" });
          }
        }
      }
      if (t.direction === "DEBIT" && amount > 0n)
        Object.assign(next, { settledAmount: t.settledAmount + amount, settlementCount: t.settlementCount + 1 });
      await saveCardTransaction(tx, next);
    },
  );
}
