import type { EventDef, EventType } from "@/lib/api-core/events";
import { agentActionPendingEvent } from "@/lib/agent-money/agent-money.contract";
import { cardEvents } from "@/lib/cards/card.contract";
import { kycEventList } from "@/lib/customers/customer.contract";
import { externalAccountStatusEvent } from "@/lib/external-accounts/external-account.contract";
import { balanceUpdatedEvent } from "@/lib/internal-accounts/internal-account.contract";
import { invitationClaimedEvent } from "@/lib/invitations/invitation.contract";
import { paymentEvents } from "@/lib/transactions/transaction-events";
import { verificationEventList } from "@/lib/verifications/verification.contract";
import { testEvent } from "@/lib/webhooks/webhook.contract";

/**
 * Every webhook event the service writes, event type → the schema of its `data` (lib/api-core/events.ts): the
 * bindings of every area, gathered here as operations.ts gathers every operation. The OpenAPI document's `webhooks`
 * come from it (and through them the SDK's WebhookEvent type); test/unit/event-catalogue.test.ts holds it equal to
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
