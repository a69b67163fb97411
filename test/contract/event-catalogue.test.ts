import { describe, expect, it } from "vitest";
import { z } from "zod";
import { boundEvents, checkedEvent, defineEvent, EVENT_TYPES, type EventDef } from "@/lib/server/core/events";
import { cardStateChangeEvent, cardTransactionEvent } from "@/lib/server/cards/card.contract";
import { eventCatalogue } from "@/lib/server/edge/openapi/event-catalogue";
import { openApiDocument } from "@/lib/server/edge/openapi/document";
import { paymentEvent } from "@/lib/server/transactions/transaction-events";
import { testEvent } from "@/lib/server/webhooks/webhook.contract";

/** One closed catalogue of events: every writer goes through lib/server/webhooks/emit-event.ts → checkedEvent. */
describe("event catalogue", () => {
  it("holds every type of EVENT_TYPES once, and every binding any area made", () => {
    expect([...eventCatalogue.keys()].sort()).toEqual([...EVENT_TYPES].sort());
    for (const def of boundEvents()) expect(eventCatalogue.get(def.type)).toBe(def);
  });

  it("refuses an event whose type is not in the catalogue", () => {
    const stray = { type: "CARD.STOLEN", data: z.object({}), description: "" } as unknown as EventDef;
    expect(() => checkedEvent(stray, {})).toThrow("event CARD.STOLEN is not the catalogue's");
  });

  it("refuses a second schema for a type the catalogue has (at binding and at emit time)", () => {
    expect(() => defineEvent("CARD.STATE_CHANGE", z.unknown(), "")).toThrow("bound twice");
    const shadow = { ...cardStateChangeEvent, data: z.unknown() };
    expect(() => checkedEvent(shadow, {})).toThrow("is not the catalogue's");
  });

  it("refuses data its type's schema does not parse, naming the fields", () => {
    expect(() => checkedEvent(cardStateChangeEvent, { id: 7 } as never)).toThrow(
      /event CARD\.STATE_CHANGE: data does not parse \(id: .*/,
    );
    expect(checkedEvent(testEvent, {})).toEqual({});
  });

  it("names each status's event from a table, and refuses a status without one rather than building a name", () => {
    expect(paymentEvent("OUTGOING", "PENDING_AUTHORIZATION").type).toBe("OUTGOING_PAYMENT.PENDING_AUTHORIZATION");
    expect(paymentEvent("INCOMING", "COMPLETED").type).toBe("INCOMING_PAYMENT.COMPLETED");
    expect(() => paymentEvent("INCOMING", "PENDING_AUTHORIZATION")).toThrow("no incoming payment event");
    expect(() => cardTransactionEvent("DECLINED")).toThrow("no card transaction event");
  });

  it("documents every event as a webhook of the OpenAPI document, its envelope's data the catalogue's schema", () => {
    const hooks = openApiDocument().webhooks as Record<string, { post: { requestBody: { content: unknown } } }>;
    expect(Object.keys(hooks).sort()).toEqual([...EVENT_TYPES].sort());
    const schema = (hooks["CARD_TRANSACTION.SETTLED"].post.requestBody.content as Record<string, { schema: any }>)[
      "application/json"
    ].schema;
    expect(schema.properties.type).toMatchObject({ const: "CARD_TRANSACTION.SETTLED" });
    expect(schema.required).toEqual(expect.arrayContaining(["id", "type", "timestamp", "data"]));
    expect(Object.keys(schema.properties.data.properties)).toContain("issuerTransactionToken");
  });
});
