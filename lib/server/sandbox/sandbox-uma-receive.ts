import { invalidInput } from "@/lib/server/core/validation";
import { limitSandboxMoney } from "@/lib/server/rate-limit/limit-sandbox-money";
import { and, asc, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { customers, internalAccounts } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { parseId } from "@/lib/shared/ids";
import type { Transaction } from "@/lib/server/transactions/transaction.contract";
import { transactionView } from "@/lib/server/transactions/transaction-view";
import { sandboxCounterparty } from "@/lib/server/uma/counterparty";
import { moneyTransaction } from "@/lib/server/transactions/money-transaction";
import { creditFromSandbox, requireSandbox } from "./sandbox-credit";

export interface UmaReceiveInput {
  senderUmaAddress: string;
  receiverUmaAddress?: string;
  customerId?: string;
  receivingCurrencyCode: string;
  receivingCurrencyAmount: number;
}

/**
 * POST /sandbox/uma/receive: an UMA payment from one of Grid's sandbox senders to one of the platform's customers,
 * through the engine: `$success.*` credits at once (INCOMING_PAYMENT.COMPLETED), `$pending.long.*` stays PENDING
 * (COMPLIANCE_REVIEW), `$fail.compliance.*` FAILS with COMPLIANCE_REJECTED; any other sender → 404 UMA_NOT_FOUND.
 */
export async function sandboxUmaReceive(
  platform: PlatformPrincipal,
  input: UmaReceiveInput,
): Promise<Transaction & { type: "INCOMING"; direction: "CREDIT" }> {
  requireSandbox(platform);
  await limitSandboxMoney(platform);
  const sender = await sandboxCounterparty.lookup(input.senderUmaAddress);
  if (!sender) throw notFound("UMA_NOT_FOUND", "UMA sender", input.senderUmaAddress);
  if (!input.receiverUmaAddress && !input.customerId) {
    throw invalidInput(
      [{ field: "receiverUmaAddress", message: "receiverUmaAddress or customerId is required" }],
      "Name the receiver",
    );
  }
  const db = await getDb();
  const where = [eq(customers.platformId, platform.id), isNull(customers.deletedAt)];
  if (input.customerId)
    where.push(eq(customers.id, parseId("Customer", input.customerId) ?? "00000000-0000-0000-0000-000000000000"));
  if (input.receiverUmaAddress) where.push(eq(customers.umaAddress, input.receiverUmaAddress));
  const [c] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(...where))
    .limit(1);
  if (!c) throw notFound("USER_NOT_FOUND", "Receiver", input.receiverUmaAddress ?? input.customerId ?? "");
  const [acct] = await db
    .select()
    .from(internalAccounts)
    .where(
      and(
        eq(internalAccounts.customerId, c.id),
        eq(internalAccounts.currency, input.receivingCurrencyCode),
        eq(internalAccounts.type, "INTERNAL_FIAT"),
      ),
    )
    .orderBy(asc(internalAccounts.id))
    .limit(1);
  if (!acct) {
    throw invalidInput(
      [{ field: "receivingCurrencyCode", message: "The receiver holds no internal account in this currency" }],
      `The receiver has no ${input.receivingCurrencyCode} account`,
    );
  }
  const hold =
    sender.outcome === "PENDING_LONG"
      ? ({ status: "PENDING", pendingReason: "COMPLIANCE_REVIEW" } as const)
      : sender.outcome === "FAIL_COMPLIANCE"
        ? ({ status: "FAILED", failureReason: "COMPLIANCE_REJECTED" } as const)
        : undefined;
  const row = await moneyTransaction((tx) =>
    creditFromSandbox(
      tx,
      platform,
      { uuid: acct.id, customerId: c.id, currency: acct.currency },
      BigInt(input.receivingCurrencyAmount),
      `UMA payment from ${input.senderUmaAddress}`,
      hold,
      sender.receiverUmaAddress,
    ),
  );
  const view = await transactionView(db, row);
  // The sandbox credits the receiver: its view is an incoming credit (the operation's response schema says so).
  if (view.type !== "INCOMING" || view.direction !== "CREDIT") throw new Error(`transaction ${row.id}: not a credit`);
  return { ...view, type: view.type, direction: view.direction };
}
