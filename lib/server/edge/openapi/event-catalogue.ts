import type { EventDef, EventType } from "@/lib/server/core/events";
import { agentActionPendingEvent } from "@/lib/server/agents/money/agent-money.contract";
import { cardEvents } from "@/lib/server/cards/card.contract";
import { kycEventList } from "@/lib/server/customers/customer.contract";
import { externalAccountStatusEvent } from "@/lib/server/external-accounts/external-account.contract";
import { balanceUpdatedEvent } from "@/lib/server/internal-accounts/internal-account.contract";
import { invitationClaimedEvent } from "@/lib/server/invitations/invitation.contract";
import { paymentEvents } from "@/lib/server/transactions/transaction-events";
import { verificationEventList } from "@/lib/server/verifications/verification.contract";
import { testEvent } from "@/lib/server/webhooks/webhook.contract";

/**
 * Every webhook event the service writes, event type → the schema of its `data` (lib/server/core/events.ts): the
 * bindings of every area, gathered here as operations.ts gathers every operation. The OpenAPI document's `webhooks`
 * come from it (and through them the SDK's WebhookEvent type); test/contract/event-catalogue.test.ts holds it equal to
 * EVENT_TYPES and to every binding made.
 */
const all = [
  ...paymentEvents,
  agentActionPendingEvent,
  ...kycEventList,
  ...verificationEventList,
  ...cardEvents,
  balanceUpdatedEvent,
  externalAccountStatusEvent,
  invitationClaimedEvent,
  testEvent,
];

/** tsc refuses a type of EVENT_TYPES no area binds: `Missing` must be never. */
type Missing = Exclude<EventType, (typeof all)[number]["type"]>;
const complete: [Missing] extends [never] ? true : Missing = true;

export const eventCatalogue: ReadonlyMap<EventType, EventDef> = complete && new Map(all.map((d) => [d.type, d]));
