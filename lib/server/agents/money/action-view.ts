import { and, eq, isNotNull, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { customers, quotes, transactions, type AccountKind } from "@/db/schema";
import { formatId, iso } from "@/lib/shared/ids";
import { toQuote } from "@/lib/server/quotes/quote-view";
import { toTransaction } from "@/lib/server/transactions/transaction-view";
import type { AgentAction } from "./agent-money.contract";
import { defined } from "@/lib/shared/invariant";

/**
 * An agent action is a view of the agent's transaction (same uuid): one state, so the two approval doors
 * cannot disagree. The platform's approval pending → PENDING_APPROVAL; rejected (or cancelled while pending) →
 * REJECTED; a FAILED transaction otherwise → FAILED; anything else APPROVED (docs/protocol.md "Agent actions").
 */
export function actionQuery(db: DbOrTx, where: SQL[]) {
  return db
    .select({ t: transactions, q: quotes, platformCustomerId: customers.platformCustomerId })
    .from(transactions)
    .leftJoin(quotes, eq(quotes.id, transactions.quoteId))
    .leftJoin(customers, eq(customers.id, transactions.customerId))
    .where(and(isNotNull(transactions.agentId), ...where));
}

type ActionRow = Awaited<ReturnType<typeof actionQuery>>[number];

export function toAgentAction({ t, q, platformCustomerId }: ActionRow): AgentAction {
  const status =
    t.approval === "PENDING"
      ? "PENDING_APPROVAL"
      : t.approval === "REJECTED"
        ? "REJECTED"
        : t.status === "FAILED"
          ? "FAILED"
          : "APPROVED";
  const type = t.kind === "TRANSFER_IN" ? "TRANSFER_IN" : t.kind === "TRANSFER_OUT" ? "TRANSFER_OUT" : "EXECUTE_QUOTE";
  const out: AgentAction = {
    id: formatId("AgentAction", t.id),
    agentId: formatId("Agent", defined(t.agentId, "an agent action's agentId")),
    customerId: formatId("Customer", defined(t.customerId, "an agent action's customerId")),
    platformCustomerId: platformCustomerId ?? "",
    status,
    type,
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
  };
  if (type === "EXECUTE_QUOTE" && q) out.quote = toQuote(q);
  else {
    out.transferDetails = {
      amount: Number(t.sendingAmount),
      currency: t.sendingCurrency,
      sourceAccountId: accountRef(t.sourceKind, t.sourceAccountId),
      destinationAccountId: accountRef(t.destinationKind, t.destinationAccountId),
    };
  }
  if (status === "APPROVED" || status === "FAILED")
    out.transaction = toTransaction(t, {
      customerId: formatId("Customer", defined(t.customerId, "an agent action's customerId")),
      platformCustomerId: platformCustomerId ?? "",
    });
  if (status === "REJECTED" && t.rejectionReason) out.rejectionReason = t.rejectionReason;
  return out;
}

function accountRef(kind: AccountKind, uuid: string | null): string {
  return uuid ? formatId(kind === "INTERNAL" ? "InternalAccount" : "ExternalAccount", uuid) : "";
}

/** One action by its transaction uuid, within `where` (platform, agent or customer scope). */
export async function findAction(db: DbOrTx, uuid: string, where: SQL[]): Promise<AgentAction | null> {
  const [row] = await actionQuery(db, [eq(transactions.id, uuid), ...where]);
  return row ? toAgentAction(row) : null;
}
