import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { lockedBalance, moveCardMoney } from "./card-ledger";
import { onCardTransaction } from "./card-simulation-context";
import { saveCardTransaction } from "./save-card-transaction";
import { defined } from "@/lib/shared/invariant";

/**
 * An authorization advice re-sizes an open debit authorization to a new total: the hold grows or shrinks
 * by the difference. The network does not ask, so an increase the source cannot cover is an EXCEPTION.
 */
export async function simulateCardAdvice(
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
      const m = { ...t, accountId: defined(t.accountId, "an authorized card transaction's account") };
      const total = BigInt(input.amount);
      const delta = total - t.authorizedAmount;
      if (t.direction === "CREDIT")
        return saveCardTransaction(tx, { ...t, authorizedAmount: total }).then(() => undefined);
      if (delta > 0n) {
        if ((await lockedBalance(tx, m.accountId, m.currency)) < delta) {
          await saveCardTransaction(tx, { ...t, status: "EXCEPTION", exceptionReason: "ADVICE_PULL_FAILED" });
          return;
        }
        await moveCardMoney(tx, m, "hold", delta);
        await saveCardTransaction(tx, {
          ...t,
          authorizedAmount: total,
          heldAmount: t.heldAmount + delta,
          pullAmount: t.pullAmount + delta,
          pullCount: t.pullCount + 1,
        });
        return;
      }
      // biome-ignore lint/complexity/useMathMinMax: bigint amounts; Math.min takes numbers only.
      const release = -delta < t.heldAmount ? -delta : t.heldAmount;
      await moveCardMoney(tx, m, "release", release);
      await saveCardTransaction(tx, { ...t, authorizedAmount: total, heldAmount: t.heldAmount - release });
    },
  );
}
