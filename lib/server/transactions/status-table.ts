/**
 * The table of money statuses that lib/server/transactions/transitions.ts writes: how a transaction is born (ENTRIES), how it
 * moves (TRANSITIONS), what the loser of a race hears (LOST), and which of Grid's reasons an incoming failure takes.
 * Data only: nothing here writes.
 */
import type { quotes } from "@/db/schema";
import { ApiError, notFound } from "@/lib/server/core/errors";
import type { FailureReason, IncomingFailureReason, PendingReason } from "./transaction.contract";
import type { TransactionRow } from "./transaction-view";

export type Status = TransactionRow["status"];

export type QuoteStatus = (typeof quotes.$inferSelect)["status"];

export interface EntryRule {
  status: Status;
  /** The platform's approval asked for (agent policy APPROVAL_REQUIRED). */
  approval?: "PENDING";
  /** The quote's status in step; null leaves it as it is. */
  quote: QuoteStatus | null;
  event: boolean;
}

/** How a transaction is born. */
export const ENTRIES = {
  /** Executes in the same database transaction (execute-transaction.ts ends it). */
  EXECUTE: { status: "PROCESSING", quote: null, event: false },
  /** An agent's transaction waiting for the platform (spec Agent Operations); its quote is spent. */
  AWAIT_APPROVAL: { status: "PENDING", approval: "PENDING", quote: "PROCESSING", event: true },
  /** Held for the customer's SCA (hold-for-sca.ts); the quote carries the challenge. */
  AWAIT_SCA: { status: "PENDING_AUTHORIZATION", quote: "PENDING_AUTHORIZATION", event: true },
  /** Incoming money the sender's side holds (sandbox: a pending.long UMA sender); pendingReason says why. */
  HELD: { status: "PENDING", quote: null, event: true },
  /** Incoming money the sender's side refused (sandbox: a fail.compliance UMA sender); failureReason says why. */
  REFUSED: { status: "FAILED", quote: null, event: true },
} as const satisfies Record<string, EntryRule>;

export type Entry = keyof typeof ENTRIES;

export interface TransitionRule {
  from: Status;
  /** The transition also requires the platform's approval to be pending. */
  fromApproval?: "PENDING";
  to: Status;
  /** What `approval` becomes: a decision, or (CANCEL) REJECTED when it was pending and unchanged otherwise. */
  approval?: "APPROVED" | "REJECTED" | "REJECTED_IF_PENDING";
  quote: QuoteStatus | null;
  /** The quote's SCA challenge is done with. */
  clearScaChallenge?: boolean;
  event: boolean;
  /** Give back whatever the transaction holds on the ledger (lib/server/ledger/release-transaction.ts). */
  release?: boolean;
}

const notPendingApproval = (status: Status | undefined, id: string) =>
  status === undefined
    ? notFound("TRANSACTION_NOT_FOUND", "Transaction", id)
    : new ApiError(
        "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL",
        `The transaction is ${status}; only a transaction pending platform approval can be approved or rejected`,
        { status },
      );

const notCancellable = (status: Status | undefined, id: string) =>
  status === undefined
    ? notFound("TRANSACTION_NOT_FOUND", "Transaction", id)
    : new ApiError(
        "TRANSACTION_NOT_CANCELLABLE",
        `The transaction is ${status}; only a bank transfer that has not settled (PENDING) can be cancelled`,
        { status },
      );

/** How a transaction moves. Anything not in this table cannot happen. */
export const TRANSITIONS = {
  /** The customer answered the quote's SCA challenge (POST /quotes/{id}/authorize): it executes now. */
  AUTHORIZE: {
    from: "PENDING_AUTHORIZATION",
    to: "PROCESSING",
    quote: "PROCESSING",
    clearScaChallenge: true,
    event: false,
  },
  /** The SCA challenge expired unanswered: no money moved (failureReason SCA_NOT_COMPLETED). */
  EXPIRE_SCA: { from: "PENDING_AUTHORIZATION", to: "FAILED", quote: "FAILED", clearScaChallenge: true, event: true },
  /** POST /transactions/{id}/approve or the agent action's approve: it executes now. */
  APPROVE: {
    from: "PENDING",
    fromApproval: "PENDING",
    to: "PROCESSING",
    approval: "APPROVED",
    quote: "PROCESSING",
    event: false,
  },
  /** POST /transactions/{id}/reject or the agent action's reject: FAILED with rejectionReason, no money moved. */
  REJECT: {
    from: "PENDING",
    fromApproval: "PENDING",
    to: "FAILED",
    approval: "REJECTED",
    quote: "FAILED",
    event: true,
  },
  /** POST /transactions/{id}/cancel of a pending bank transfer: FAILED with rejectionReason, the ledger released. */
  CANCEL: {
    from: "PENDING",
    to: "FAILED",
    approval: "REJECTED_IF_PENDING",
    quote: "FAILED",
    event: true,
    release: true,
  },
  /** The execution settled. */
  COMPLETE: { from: "PROCESSING", to: "COMPLETED", quote: "COMPLETED", event: true },
  /** Debited, held by the receiving side (pendingReason COMPLIANCE_REVIEW). */
  HOLD: { from: "PROCESSING", to: "PENDING", quote: "PROCESSING", event: true },
  /** The execution failed (failureReason); an incoming transfer that cannot be credited is refunded to its sender. */
  FAIL: { from: "PROCESSING", to: "FAILED", quote: "FAILED", event: true },
} as const satisfies Record<string, TransitionRule>;

export type TransitionName = keyof typeof TRANSITIONS;

/**
 * What a caller that lost the race of a transition hears (a column of the table, kept apart so that the paths that
 * never lose, the execution's, do not reach these errors); a transition not named here returns null to its caller.
 */
export const LOST: Partial<Record<TransitionName, (status: Status | undefined, id: string) => ApiError>> = {
  APPROVE: notPendingApproval,
  REJECT: notPendingApproval,
  CANCEL: notCancellable,
};

/**
 * An incoming transfer fails with Grid's IncomingTransactionFailureReason, never an outgoing one: money that arrived
 * and could not be credited is a failed collection (COLLECTION_FAILED: "did not credit", returned to its sender).
 */
export const INCOMING_FAILURE: Record<FailureReason, IncomingFailureReason> = {
  QUOTE_EXECUTION_FAILED: "QUOTE_EXECUTION_FAILED",
  COMPLIANCE_REJECTED: "COMPLIANCE_REJECTED",
  ACCOUNT_CANNOT_RECEIVE: "COLLECTION_FAILED",
  ACCOUNT_INVALID: "COLLECTION_FAILED",
  PAYOUT_RETURNED: "COLLECTION_FAILED",
  LIMIT_EXCEEDED: "COLLECTION_FAILED",
  SCA_NOT_COMPLETED: "COLLECTION_FAILED",
};

/** What a transition writes besides the status (the rest of Grid's fields that go with it). */
export interface TransitionChange {
  pendingReason?: PendingReason;
  /** An outgoing reason; on an INCOMING transaction the state machine writes INCOMING_FAILURE of it. */
  failureReason?: FailureReason;
  /** REJECT: the platform's reason (or none); CANCEL: its reason, else CANCELLED. */
  rejectionReason?: string;
  onChainNetwork?: string;
  onChainTransactionHash?: string;
  settlementTransactionHash?: string;
}

/** The quote's status after its transaction's execution ended in `status` (the table's, for callers that do not read it back). */
export function quoteStatusAfter(status: Status): QuoteStatus {
  const rule = Object.values(TRANSITIONS).find((r) => r.from === "PROCESSING" && r.to === status);
  return rule?.quote ?? "PROCESSING";
}
