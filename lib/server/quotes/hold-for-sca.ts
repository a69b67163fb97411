import { and, desc, eq, isNull } from "drizzle-orm";
import { getDb, type DbOrTx, type Tx } from "@/db/client";
import { customers, externalAccounts, scaChallenges } from "@/db/schema";
import { RATE_LIMITS, consumeRateLimit } from "@/lib/server/rate-limit/consume-rate-limit";
import { isScaRegion } from "@/lib/server/customers/sca-region";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId } from "@/lib/shared/ids";
import { deliverChallenge, issueScaChallenge } from "@/lib/server/sca/sca-challenge";
import type { ScaFactor } from "@/lib/server/sca/sca-factors";
import { lockScaState } from "@/lib/server/sca/sca-state";
import { transactionFromQuote } from "@/lib/server/transactions/transaction-from-quote";
import { enter } from "@/lib/server/transactions/transitions";
import type { QuoteRow } from "./quote-view";
import { defined } from "@/lib/shared/invariant";

/**
 * Whether executing the quote needs a per-quote SCA challenge (Grid: dynamic linking of amount and payee):
 * the customer is in the SCA regions and the destination is not a trusted beneficiary. `known` is what the caller
 * already read (the customer's profile, the destination's trusted flag): those reads are then skipped.
 */
export async function quoteNeedsSca(
  db: DbOrTx,
  q: Pick<QuoteRow, "customerId" | "destinationKind" | "destinationAccountId">,
  known: { profile?: unknown; destinationTrusted?: boolean } = {},
): Promise<boolean> {
  if (!q.customerId) return false;
  const [c] =
    known.profile !== undefined
      ? [{ profile: known.profile }]
      : await db.select({ profile: customers.profile }).from(customers).where(eq(customers.id, q.customerId));
  if (!c || !isScaRegion(c as { profile: Record<string, unknown> })) return false;
  if (q.destinationKind !== "EXTERNAL" || !q.destinationAccountId) return true;
  if (known.destinationTrusted !== undefined) return !known.destinationTrusted;
  const [dst] = await db
    .select({ trusted: externalAccounts.trusted })
    .from(externalAccounts)
    .where(eq(externalAccounts.id, q.destinationAccountId));
  return !dst?.trusted;
}

/**
 * Instead of executing: the transaction is born PENDING_AUTHORIZATION (transitions.ts ENTRIES.AWAIT_SCA; no money moves), the quote
 * becomes PENDING_AUTHORIZATION carrying its scaChallenge, and OUTGOING_PAYMENT.PENDING_AUTHORIZATION
 * goes to the outbox, all in the caller's transaction.
 */
export async function holdForSca(
  tx: Tx,
  platform: PlatformPrincipal,
  q: QuoteRow,
  factor?: ScaFactor | null,
): Promise<QuoteRow> {
  const { customer, state } = await lockScaState(
    tx,
    platform.id,
    formatId("Customer", defined(q.customerId, "the customer of a quote held for SCA")),
  );
  const issued = await issueScaChallenge(tx, platform, { customer, state, purpose: "QUOTE", subjectId: q.id, factor });
  const { quote } = await enter(tx, "AWAIT_SCA", transactionFromQuote(q), {
    quoteSet: { scaChallenge: { ...issued.view } },
  });
  return quote ?? q;
}

/**
 * After the commit: text the code of a quote that was just held for SCA (production SMS_OTP). The code is
 * derived from the challenge id (sca-challenge.ts), so it can be sent from outside the transaction; the
 * re-send rule (one per 30 s per quote) keeps a replayed request from texting twice.
 */
export async function afterQuoteCommit(
  platform: PlatformPrincipal,
  row: Pick<QuoteRow, "id" | "status" | "customerId">,
): Promise<void> {
  if (row.status !== "PENDING_AUTHORIZATION" || platform.environment === "SANDBOX" || !row.customerId) return;
  const db = await getDb();
  const [ch] = await db
    .select({ id: scaChallenges.id, factor: scaChallenges.factor, phone: customers.phoneNumber })
    .from(scaChallenges)
    .innerJoin(customers, eq(customers.id, scaChallenges.customerId))
    .where(
      and(eq(scaChallenges.subjectId, row.id), eq(scaChallenges.purpose, "QUOTE"), isNull(scaChallenges.consumedAt)),
    )
    .orderBy(desc(scaChallenges.createdAt))
    .limit(1);
  if (ch?.factor !== "SMS_OTP" || !ch.phone) return;
  try {
    await consumeRateLimit(`sca-resend:${row.id}`, RATE_LIMITS.emailOtpChallenge, "SCA code re-sends for this quote");
  } catch {
    return;
  }
  await deliverChallenge({ sms: { to: ch.phone, challengeId: ch.id } });
}
