import { invalidInput } from "@/lib/server/core/validation";
import { and, eq } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { transactions } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { newUuid } from "@/lib/shared/ids";
import { getRate } from "@/lib/server/exchange-rates/get-rate";
import { convertDown } from "@/lib/server/money/convert";
import { idempotent, type IdempotencyColumns } from "@/lib/server/money/idempotency";
import { executeTransaction } from "@/lib/server/transactions/execute-transaction";
import { checkTransactionSize } from "@/lib/server/money/limits";
import { checkSupportedCurrency } from "@/lib/server/money/supported-currencies";
import { resolveExternal, resolveInternal } from "@/lib/server/money/resolve-accounts";
import type { Transaction } from "@/lib/server/transactions/transaction.contract";
import { transactionView, type TransactionRow } from "@/lib/server/transactions/transaction-view";
import { moneyTransaction } from "@/lib/server/transactions/money-transaction";
import { enter } from "@/lib/server/transactions/transitions";
import { requireKycApproved } from "@/lib/server/verifications/require-kyc-approved";
import type { TransferInput } from "./transfer.contract";

/**
 * An agent's transfer-in (POST /agents/me/transfer-in): only its customer's accounts, and its policy decides,
 * inside the transaction, whether it runs now or waits for the platform's approval.
 */
export interface AgentGate {
  agentId: string;
  customerId: string;
  decide: (
    tx: Tx,
    t: { usdValueCents: bigint; destinationKind: "INTERNAL"; destinationAccountId: string },
  ) => Promise<"AUTO" | "APPROVAL_REQUIRED">;
  announce: (tx: Tx, pending: TransactionRow) => Promise<void>;
}

/** Deprecated POST /transfer-in: pull from the customer's external account into its internal account, through the engine. */
export async function transferIn(
  platform: PlatformPrincipal,
  input: TransferInput,
  idempotencyKey: string | null,
  gate?: AgentGate,
): Promise<Transaction> {
  const db = await getDb();
  return idempotent(
    { key: idempotencyKey, scope: gate ? `agent:${gate.agentId}` : undefined, body: input },
    {
      find: async (key) =>
        (
          await db
            .select()
            .from(transactions)
            .where(
              and(
                eq(transactions.platformId, platform.id),
                eq(transactions.kind, "TRANSFER_IN"),
                eq(transactions.idempotencyKey, key),
              ),
            )
        )[0],
      uniqueIndex: "transactions_idempotency_uq",
      answer: (row) => transactionView(db, row),
    },
    (idempotency) => insertTransferIn(platform, input, idempotency, gate),
  );
}

async function insertTransferIn(
  platform: PlatformPrincipal,
  input: TransferInput,
  idempotency: IdempotencyColumns,
  gate?: AgentGate,
): Promise<Transaction> {
  const db = await getDb();
  // An agent sees only its customer's accounts: another's answers exactly like a missing one.
  const src = await resolveExternal(db, platform.id, input.source.accountId, gate?.customerId);
  const dst = await resolveInternal(db, platform.id, input.destination.accountId, gate?.customerId);
  if (src.currency !== dst.currency) {
    throw invalidInput(
      [{ field: "destination.accountId", message: `Expected an account in ${src.currency}` }],
      `transfer-in moves one currency: the source is ${src.currency}, the destination holds ${dst.currency}`,
    );
  }
  if (src.customerId !== dst.customerId) {
    throw invalidInput(
      [{ field: "destination.accountId", message: "Must belong to the owner of source.accountId" }],
      "transfer-in moves funds between accounts of one owner",
    );
  }
  if (dst.customerId) await requireKycApproved(db, dst.customerId);
  const amount = BigInt(input.amount);
  const usd =
    src.currency === "USD"
      ? amount
      : convertDown(amount, src.currency, "USD", (await getRate(src.currency, "USD")).rate);
  checkTransactionSize(platform.settings, usd);
  checkSupportedCurrency(platform.settings, {
    currency: dst.currency,
    direction: "INCOMING",
    field: "destination.accountId",
    amount,
    amountField: "amount",
  });
  const row = await moneyTransaction(async (tx) => {
    const mode = gate
      ? await gate.decide(tx, { usdValueCents: usd, destinationKind: "INTERNAL", destinationAccountId: dst.uuid })
      : "AUTO";
    const { row: inserted } = await enter(tx, mode === "AUTO" ? "EXECUTE" : "AWAIT_APPROVAL", {
      id: newUuid(),
      platformId: platform.id,
      customerId: dst.customerId,
      kind: "TRANSFER_IN",
      direction: "INCOMING",
      agentId: gate?.agentId ?? null,
      sourceKind: "EXTERNAL",
      sourceAccountId: src.uuid,
      destinationKind: "INTERNAL",
      destinationAccountId: dst.uuid,
      sendingCurrency: src.currency,
      sendingAmount: amount,
      receivingCurrency: dst.currency,
      receivingAmount: amount,
      exchangeRate: "1",
      feesAmount: 0n,
      platformFeesAmount: 0n,
      usdValueCents: usd,
      description: input.description ?? null,
      ...idempotency,
    });
    if (mode !== "AUTO" && gate) {
      await gate.announce(tx, inserted);
      return inserted;
    }
    return executeTransaction(tx, inserted, {
      settings: platform.settings,
      sandbox: platform.environment === "SANDBOX",
      onRefusal: "fail",
    });
  });
  return transactionView(db, row);
}
