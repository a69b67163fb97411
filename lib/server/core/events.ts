import type { z } from "zod";

/**
 * The closed list of webhook event types the service writes (protocol.md "Webhooks"). Each is bound to the zod
 * schema of its `data` once, by `defineEvent` in the contract of the area that writes it; lib/server/edge/openapi/event-catalogue.ts
 * gathers every binding (tsc refuses a name without one), and the OpenAPI document's `webhooks` and the SDK's
 * `WebhookEvent` type come from that catalogue. Grid's names (its OpenAPI `webhooks`), no invented ones.
 */
export const EVENT_TYPES = [
  "OUTGOING_PAYMENT.PENDING",
  "OUTGOING_PAYMENT.PENDING_AUTHORIZATION",
  "OUTGOING_PAYMENT.PROCESSING",
  "OUTGOING_PAYMENT.COMPLETED",
  "OUTGOING_PAYMENT.FAILED",
  "OUTGOING_PAYMENT.EXPIRED",
  "INCOMING_PAYMENT.PENDING",
  "INCOMING_PAYMENT.COMPLETED",
  "INCOMING_PAYMENT.FAILED",
  "INCOMING_PAYMENT.REFUND_PENDING",
  "INCOMING_PAYMENT.REFUND_COMPLETED",
  "INCOMING_PAYMENT.REFUND_FAILED",
  "AGENT_ACTION.PENDING_APPROVAL",
  "CUSTOMER.KYC_PENDING",
  "CUSTOMER.KYC_APPROVED",
  "CUSTOMER.KYC_REJECTED",
  "CUSTOMER.KYB_PENDING",
  "CUSTOMER.KYB_APPROVED",
  "CUSTOMER.KYB_REJECTED",
  "VERIFICATION.RESOLVE_ERRORS",
  "VERIFICATION.IN_PROGRESS",
  "VERIFICATION.PENDING_MANUAL_REVIEW",
  "VERIFICATION.APPROVED",
  "VERIFICATION.REJECTED",
  "CARD.STATE_CHANGE",
  "CARD.FUNDING_SOURCE_CHANGE",
  "CARD_TRANSACTION.AUTHORIZED",
  "CARD_TRANSACTION.PARTIALLY_SETTLED",
  "CARD_TRANSACTION.SETTLED",
  "CARD_TRANSACTION.REFUNDED",
  "CARD_TRANSACTION.EXCEPTION",
  "INTERNAL_ACCOUNT.BALANCE_UPDATED",
  "EXTERNAL_ACCOUNT.STATUS_UPDATED",
  "INVITATION.CLAIMED",
  "TEST",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** One event type bound to the schema of its `data`. */
export interface EventDef<T extends EventType = EventType, S extends z.ZodType = z.ZodType> {
  type: T;
  data: S;
  description: string;
}

const bound = new Map<string, EventDef>();

/** Bind an event type to its data schema; a second binding of the same type is refused when the module loads. */
export function defineEvent<const T extends EventType, S extends z.ZodType>(
  type: T,
  data: S,
  description: string,
): EventDef<T, S> {
  if (!(EVENT_TYPES as readonly string[]).includes(type)) throw new Error(`${type} is not in EVENT_TYPES`);
  if (bound.has(type)) throw new Error(`event ${type} is bound twice`);
  const def = { type, data, description };
  bound.set(type, def);
  return def;
}

/**
 * An event's data as it goes to the outbox: its type must be the catalogue's binding, and its data is parsed by the
 * type's schema, the same parse the edge gives a response body, so the event carries the resource as the API
 * serializes it (db/schema/outbox.ts). Refused with an Error otherwise, in every environment: a state change whose
 * event would break the documented contract rolls back with it (see lib/server/webhooks/emit-event.ts).
 */
export function checkedEvent<S extends z.ZodType>(def: EventDef<EventType, S>, data: z.input<S>): z.output<S> {
  if (bound.get(def.type) !== def) throw new Error(`event ${def.type} is not the catalogue's`);
  const parsed = def.data.safeParse(data);
  if (!parsed.success) {
    const where = parsed.error.issues.map((i) => `${i.path.join(".") || "(data)"}: ${i.message}`).join("; ");
    throw new Error(`event ${def.type}: data does not parse (${where})`);
  }
  return parsed.data;
}

/** The event of a status from an area's table; a status the table has no event for is refused, never a built name. */
export function eventOf<K extends string, D extends EventDef>(table: Partial<Record<K, D>>, key: K, what: string): D {
  const def = table[key];
  if (!def) throw new Error(`no ${what} event for ${key}`);
  return def;
}

/** Every binding made so far (the catalogue test compares them with the catalogue). */
export function boundEvents(): EventDef[] {
  return [...bound.values()];
}
