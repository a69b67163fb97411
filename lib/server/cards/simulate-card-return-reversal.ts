import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { lockedBalance, moveCardMoney } from "./card-ledger";
import { onCardTransaction } from "./card-simulation-context";
import { saveCardTransaction } from "./save-card-transaction";
import { defined } from "@/lib/shared/invariant";

/** A return reversal: the refunded amount is taken back from the funding source (SETTLED), or booked as a loss (EXCEPTION). */
export async function simulateCardReturnReversal(
  platform: PlatformPrincipal,
  cardId: string,
  input: { cardTransactionId: string },
) {
  return onCardTransaction(platform, cardId, input.cardTransactionId, ["REFUNDED"], async (tx, t) => {
    const m = { ...t, accountId: defined(t.accountId, "a refunded card transaction's account") };
    const covered = (await lockedBalance(tx, m.accountId, m.currency)) >= t.refundedAmount;
    await moveCardMoney(tx, m, covered ? "pull" : "loss", t.refundedAmount);
    await saveCardTransaction(tx, {
      ...t,
      refundedAmount: 0n,
      status: covered ? "SETTLED" : "EXCEPTION",
      exceptionReason: covered ? t.exceptionReason : "RETURN_REVERSAL_PULL_FAILED",
      ...(covered ? { pullAmount: t.pullAmount + t.refundedAmount, pullCount: t.pullCount + 1 } : {}),
    });
  });
}
