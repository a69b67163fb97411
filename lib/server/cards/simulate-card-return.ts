import { invalidInput } from "@/lib/server/core/validation";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { moveCardMoney } from "./card-ledger";
import { onCardTransaction } from "./card-simulation-context";
import { saveCardTransaction } from "./save-card-transaction";
import { defined } from "@/lib/shared/invariant";

/** A merchant return: credits the funding source with up to the net settled amount; all of it (nothing held) → REFUNDED. */
export async function simulateCardReturn(
  platform: PlatformPrincipal,
  cardId: string,
  input: { cardTransactionId: string; amount: number },
) {
  return onCardTransaction(
    platform,
    cardId,
    input.cardTransactionId,
    ["PARTIALLY_SETTLED", "SETTLED"],
    async (tx, t) => {
      const amount = BigInt(input.amount);
      const net = t.settledAmount - t.refundedAmount;
      if (t.direction !== "DEBIT" || amount > net) {
        throw invalidInput(
          [{ field: "amount", message: `At most ${net}` }],
          `A return may be at most the net settled amount (${net})`,
        );
      }
      await moveCardMoney(
        tx,
        { ...t, accountId: defined(t.accountId, "a settled card transaction's account") },
        "credit",
        amount,
      );
      const refundedAmount = t.refundedAmount + amount;
      const full = refundedAmount === t.settledAmount && t.heldAmount === 0n;
      await saveCardTransaction(
        tx,
        { ...t, refundedAmount, refundCount: t.refundCount + 1, status: full ? "REFUNDED" : t.status },
        {
          event: true,
        },
      );
    },
  );
}
