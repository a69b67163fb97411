import { and, eq } from "drizzle-orm";
import { limitSandboxMoney } from "@/lib/server/rate-limit/limit-sandbox-money";
import { getDb, type Tx } from "@/db/client";
import { cardTransactions } from "@/db/schema";
import { ApiError, notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { parseId } from "@/lib/shared/ids";
import type { CardTransactionRow } from "./card-transaction-view";
import type { CardTransaction } from "./card.contract";
import { findCardOrThrow } from "./find-card";
import { simulationAnswer } from "./simulation-answer";

/**
 * Run one simulation on an existing card transaction of the card, locked FOR UPDATE, in one database
 * transaction (ledger, row and event commit together), answering the card transaction as it then stands. 404 CARD_NOT_FOUND / CARD_TRANSACTION_NOT_FOUND,
 * 409 INVALID_STATE_TRANSITION when its status is not one of `from`.
 */
export async function onCardTransaction(
  platform: PlatformPrincipal,
  cardId: string,
  cardTransactionId: string,
  from: CardTransactionRow["status"][],
  apply: (tx: Tx, t: CardTransactionRow) => Promise<void>,
): Promise<CardTransaction> {
  requireSandbox(platform);
  await limitSandboxMoney(platform);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const card = await findCardOrThrow(tx, platform.id, cardId);
    const uuid = parseId("CardTransaction", cardTransactionId);
    const [t] = uuid
      ? await tx
          .select()
          .from(cardTransactions)
          .where(and(eq(cardTransactions.id, uuid), eq(cardTransactions.cardId, card.id)))
          .for("update")
      : [];
    if (!t) throw notFound("CARD_TRANSACTION_NOT_FOUND", "Card transaction", cardTransactionId);
    if (!from.includes(t.status)) {
      throw new ApiError(
        "INVALID_STATE_TRANSITION",
        `Card transaction ${cardTransactionId} is ${t.status}; expected ${from.join(" or ")}`,
        {
          status: t.status,
        },
      );
    }
    await apply(tx, t);
    return simulationAnswer(tx, t.id);
  });
}

export function requireSandbox(platform: PlatformPrincipal): void {
  if (platform.environment !== "SANDBOX")
    throw new ApiError("FORBIDDEN", "Sandbox endpoints are available to SANDBOX platforms only");
}
