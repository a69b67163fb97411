import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { internalAccounts, quotes } from "@/db/schema";
import { reply } from "@/lib/server/core/reply";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId, parseId } from "@/lib/shared/ids";
import { runSignedRetry } from "@/lib/server/signed-retry/run-signed-retry";
import type { SignedCall, SignedOperation } from "@/lib/server/signed-retry/signed-operation";
import type { ScaFactor } from "@/lib/server/sca/sca-factors";
import { executeQuoteInTx, lockExecutableQuote } from "./execute-quote";
import { afterQuoteCommit } from "./hold-for-sca";
import { executableQuote } from "./executable-quote";
import { destinationRef, toQuote } from "./quote-view";

interface Input {
  platform: PlatformPrincipal;
  quoteId: string;
  scaFactor?: ScaFactor;
}

/**
 * POST /quotes/{id}/execute when the source is an EMBEDDED_WALLET: moving money out of the wallet
 * must be authorised by a session signing key of that wallet (spec "Wallet signatures"), through the
 * one signed-retry mechanism (protocol.md "Signed retry"). The payload binds the quote's amounts and
 * accounts, so the signer sees exactly what moves. On acceptance the quote executes in the same
 * database transaction that consumes the request.
 */
const executeWalletQuoteOperation: SignedOperation<Input, { quoteId: string }> = {
  name: "quotes.execute",
  activityType: "ACTIVITY_TYPE_SIGN_TRANSACTION_V2",
  async prepare(input, db) {
    const q = await executableQuote(db, input.platform.id, input.quoteId);
    return {
      accountId: q.sourceAccountId,
      parameters: {
        quoteId: formatId("Quote", q.id),
        sourceAccountId: formatId("InternalAccount", q.sourceAccountId),
        ...(q.destinationKind === "UMA"
          ? { destinationUmaAddress: destinationRef(q) }
          : { destinationAccountId: destinationRef(q) }),
        sendingCurrency: q.sendingCurrency,
        totalSendingAmount: String(q.totalSendingAmount),
        receivingCurrency: q.receivingCurrency,
        totalReceivingAmount: String(q.totalReceivingAmount),
      },
      signer: { kind: "SESSION", accountId: q.sourceAccountId },
      context: { quoteId: q.id },
    };
  },
  async recheck(input, _context, db) {
    await executableQuote(db, input.platform.id, input.quoteId);
  },
  async execute(tx, input) {
    const q = await lockExecutableQuote(tx, input.platform.id, input.quoteId);
    const after = await executeQuoteInTx(tx, input.platform, q, { scaFactor: input.scaFactor });
    return reply(200, toQuote(after, { embeddedWalletSource: true }));
  },
};

/** True when the quote (of this platform) draws on an EMBEDDED_WALLET; false when unknown (the plain path answers 404). */
export async function quoteNeedsWalletSignature(db: DbOrTx, platformId: string, quoteId: string): Promise<boolean> {
  const uuid = parseId("Quote", quoteId);
  if (!uuid) return false;
  const [row] = await db
    .select({ type: internalAccounts.type })
    .from(quotes)
    .innerJoin(internalAccounts, eq(internalAccounts.id, quotes.sourceAccountId))
    .where(and(eq(quotes.id, uuid), eq(quotes.platformId, platformId)));
  return row?.type === "EMBEDDED_WALLET";
}

export async function executeWalletQuote(call: SignedCall<Input>) {
  const r = await runSignedRetry(executeWalletQuoteOperation, call);
  const body = r.body as { id?: string; status?: string; source?: { customerId?: string } } | undefined;
  const quoteUuid = body?.id ? parseId("Quote", body.id) : null;
  if (r.status === 200 && body?.status === "PENDING_AUTHORIZATION" && quoteUuid) {
    await afterQuoteCommit(call.platform, {
      id: quoteUuid,
      status: "PENDING_AUTHORIZATION",
      customerId: body.source?.customerId ?? null,
    });
  }
  return r;
}
