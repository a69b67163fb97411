import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { cardTransactions, customers } from "@/db/schema";
import { defined } from "@/lib/shared/invariant";
import type { CardTransaction } from "./card.contract";
import { toCardTransaction } from "./card-transaction-view";

/**
 * What a sandbox card simulation answers: the card transaction it made or moved, as it stands once the simulation is
 * applied, read in the simulation's own database transaction. Grid's OpenAPI answers `{issuerTransactionToken}` (a
 * field of it); Grid's client types the answer as the CardTransaction and takes its `id` as the next simulation's
 * `cardTransactionId` (docs/protocol.md "Cards").
 */
export async function simulationAnswer(tx: Tx, cardTransactionId: string): Promise<CardTransaction> {
  const [found] = await tx
    .select({ row: cardTransactions, platformCustomerId: customers.platformCustomerId })
    .from(cardTransactions)
    .innerJoin(customers, eq(customers.id, cardTransactions.customerId))
    .where(eq(cardTransactions.id, cardTransactionId));
  const { row, platformCustomerId } = defined(found, "the card transaction the simulation just wrote");
  return toCardTransaction(row, platformCustomerId);
}
