import { invalidInput } from "@/lib/server/core/validation";
import { limitSandboxMoney } from "@/lib/server/rate-limit/limit-sandbox-money";
import { getDb } from "@/db/client";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { newUuid } from "@/lib/shared/ids";
import type { CardTransaction, DECLINE_REASONS } from "./card.contract";
import { lockedBalance, moveCardMoney } from "./card-ledger";
import { requireSandbox } from "./card-simulation-context";
import type { CardTransactionRow } from "./card-transaction-view";
import { customerDeleted } from "./customer-deleted";
import { findCardOrThrow } from "./find-card";
import { saveCardTransaction } from "./save-card-transaction";
import { simulationAnswer } from "./simulation-answer";
import { cardCanPullFrom } from "./wallet-pull-signer";
import { defined } from "@/lib/shared/invariant";

export type AuthorizationKind = Exclude<CardTransactionRow["kind"], never>;
type Decline = (typeof DECLINE_REASONS)[number];

const CREDIT_KINDS: AuthorizationKind[] = [
  "CREDIT_AUTHORIZATION",
  "FINANCIAL_CREDIT_AUTHORIZATION",
  "CREDIT_AUTHORIZATION_ADVICE",
];

/**
 * The authorization family of simulations (authorization, balance inquiry, credit, financial and
 * financial-credit authorizations, credit authorization advice): decide, record, move money, emit — in one
 * database transaction. A decline is recorded (DECLINED, with its reason) and moves nothing.
 */
export async function simulateCardAuthorization(
  platform: PlatformPrincipal,
  cardId: string,
  kind: AuthorizationKind,
  input: { amount?: number; currency?: { code: string }; merchant: CardTransactionRow["merchant"] },
): Promise<CardTransaction> {
  requireSandbox(platform);
  await limitSandboxMoney(platform);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const card = await findCardOrThrow(tx, platform.id, cardId, true);
    if (input.currency && input.currency.code !== card.currency) {
      throw invalidInput(
        [{ field: "currency.code", message: `Expected ${card.currency}` }],
        `The card transacts in ${card.currency}`,
      );
    }
    const amount = BigInt(input.amount ?? 0);
    const credit = CREDIT_KINDS.includes(kind);
    const suffix = input.merchant.descriptor.slice(-3);
    const id = newUuid();
    const now = new Date();
    const row: CardTransactionRow = {
      id,
      platformId: platform.id,
      cardId: card.id,
      customerId: card.customerId,
      accountId: card.fundingSources[0] ?? null,
      issuerTransactionToken: `sandbox_txn_${id.replace(/-/g, "")}`,
      kind,
      direction: credit ? "CREDIT" : "DEBIT",
      status: "AUTHORIZED",
      declineReason: null,
      exceptionReason: null,
      merchant: input.merchant,
      currency: card.currency,
      authorizedAmount: amount,
      heldAmount: 0n,
      settledAmount: 0n,
      settlementCount: 0,
      refundedAmount: 0n,
      refundCount: 0,
      pullAmount: 0n,
      pullCount: 0,
      authorizedAt: now,
      lastEventAt: now,
      createdAt: now,
      updatedAt: now,
    };
    const decline = async (reason: Decline) => {
      await saveCardTransaction(tx, { ...row, status: "DECLINED", declineReason: reason }, { insert: true });
      return simulationAnswer(tx, id);
    };
    if (suffix === "003" || card.state === "FROZEN") return decline("CARD_PAUSED");
    if (card.state === "CLOSED" || (await customerDeleted(tx, card.customerId))) return decline("CARD_CLOSED");
    if (card.state !== "ACTIVE") return decline("CARD_NOT_ACTIVE");
    if (suffix === "002") return decline("INSUFFICIENT_FUNDS");
    if (!credit && card.maxSpendPerTransaction !== null && amount > card.maxSpendPerTransaction)
      return decline("LIMIT_EXCEEDED");
    if (!credit && amount > 0n) {
      // Authorization decisioning: the first funding source, in the card's order, that covers the amount
      // and that the card may pull from (an EMBEDDED_WALLET only with an ACTIVE delegated key).
      let chosen: string | null = null;
      for (const source of card.fundingSources) {
        if (!(await cardCanPullFrom(tx, card.id, source))) continue;
        if ((await lockedBalance(tx, source, card.currency)) >= amount) {
          chosen = source;
          break;
        }
      }
      if (!chosen) return decline("INSUFFICIENT_FUNDS");
      row.accountId = chosen;
    }
    const t = { ...row, accountId: defined(row.accountId, "the funding account just chosen") };
    if (kind === "FINANCIAL_AUTHORIZATION" || kind === "FINANCIAL_CREDIT_AUTHORIZATION") {
      await moveCardMoney(tx, t, credit ? "credit" : "pull", amount);
      Object.assign(row, { status: "SETTLED", settledAmount: amount, settlementCount: 1 });
      if (!credit) Object.assign(row, { pullAmount: amount, pullCount: 1 });
      await saveCardTransaction(tx, row, { insert: true });
      return simulationAnswer(tx, id);
    }
    if (!credit) {
      await moveCardMoney(tx, t, "hold", amount);
      Object.assign(row, { heldAmount: amount, pullAmount: amount, pullCount: amount > 0n ? 1 : 0 });
    }
    const saved = await saveCardTransaction(tx, row, { insert: true });
    if (suffix === "006") {
      // The pull went through but its confirmation reports FAILED: the transaction needs attention.
      await saveCardTransaction(tx, { ...saved, status: "EXCEPTION", exceptionReason: "PULL_CONFIRMATION_FAILED" });
    }
    return simulationAnswer(tx, id);
  });
}
