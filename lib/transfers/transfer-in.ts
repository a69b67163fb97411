import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { transactions } from "@/db/schema";
import { ApiError } from "@/lib/api-core/errors";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { newUuid } from "@/lib/ids";
import { getRate } from "@/lib/exchange-rates/get-rate";
import { convertDown } from "@/lib/money/convert";
import { idempotent, type IdempotencyColumns } from "@/lib/money/idempotency";
import { executeTransaction } from "@/lib/transactions/execute-transaction";
import { insertTransaction } from "@/lib/transactions/insert-transaction";
import { checkTransactionSize } from "@/lib/money/limits";
import { resolveExternal, resolveInternal } from "@/lib/money/resolve-accounts";
import type { Transaction } from "@/lib/transactions/transaction.contract";
import { toTransaction } from "@/lib/transactions/transaction-view";
import { requireKycApproved } from "@/lib/verifications/require-kyc-approved";
import type { TransferInput } from "./transfer.contract";

/** Deprecated POST /transfer-in: pull from the customer's external account into its internal account, through the engine. */
export async function transferIn(platform: PlatformPrincipal, input: TransferInput, idempotencyKey: string | null): Promise<Transaction> {
  const db = await getDb();
  return idempotent(
    { key: idempotencyKey, body: input },
    {
      find: async (key) =>
        (
          await db
            .select()
            .from(transactions)
            .where(and(eq(transactions.platformId, platform.id), eq(transactions.kind, "TRANSFER_IN"), eq(transactions.idempotencyKey, key)))
        )[0],
      uniqueIndex: "transactions_idempotency_uq",
      answer: toTransaction,
    },
    (idempotency) => insertTransferIn(platform, input, idempotency),
  );
}

async function insertTransferIn(platform: PlatformPrincipal, input: TransferInput, idempotency: IdempotencyColumns): Promise<Transaction> {
  const db = await getDb();
  const src = await resolveExternal(db, platform.id, input.source.accountId);
  const dst = await resolveInternal(db, platform.id, input.destination.accountId);
  if (src.currency !== dst.currency) {
    throw new ApiError("INVALID_INPUT", `transfer-in moves one currency: the source is ${src.currency}, the destination holds ${dst.currency}`, {
      errors: [{ field: "destination.accountId", message: `Expected an account in ${src.currency}` }],
    });
  }
  if (src.customerId !== dst.customerId) {
    throw new ApiError("INVALID_INPUT", "transfer-in moves funds between accounts of one owner", {
      errors: [{ field: "destination.accountId", message: "Must belong to the owner of source.accountId" }],
    });
  }
  if (dst.customerId) await requireKycApproved(db, dst.customerId);
  const amount = BigInt(input.amount);
  const usd = src.currency === "USD" ? amount : convertDown(amount, src.currency, "USD", (await getRate(src.currency, "USD")).rate);
  checkTransactionSize(platform.settings, usd);
  const row = await db.transaction(async (tx) => {
    const inserted = await insertTransaction(tx, {
      id: newUuid(),
      platformId: platform.id,
      customerId: dst.customerId,
      kind: "TRANSFER_IN",
      direction: "INCOMING",
      status: "PROCESSING",
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
    return executeTransaction(tx, inserted, { settings: platform.settings, sandbox: platform.environment === "SANDBOX", onRefusal: "fail" });
  });
  return toTransaction(row);
}
