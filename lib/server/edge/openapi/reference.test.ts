import { describe, expect, it } from "vitest";
import { openApiDocument } from "./document";
import { referenceEvents, referenceSection, referenceSections, searchEntries, slugOf } from "./reference";

describe("the reference's view of the OpenAPI document", () => {
  it("lists every operation of the document once, in a section whose page and anchor are unique", () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, { operationId: string }>> };
    const inDocument = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    const sections = referenceSections();
    const listed = sections.flatMap((s) => s.operations.map((o) => o.operationId));
    expect([...listed].sort()).toEqual([...inDocument].sort());
    expect(new Set(sections.map((s) => s.slug)).size).toBe(sections.length);
    expect(new Set(searchEntries().map((e) => e.href)).size).toBe(inDocument.length);
    expect(sections.map((s) => s.slug)).not.toContain("events"); // /docs/events is the webhook events' page
  });

  it("reads what the page and the try-it form need: auth scheme, parameters with examples, the body's example", () => {
    const me = referenceSection("agent-operations")?.operations.find((o) => o.operationId === "getAgentMe");
    expect(me).toMatchObject({
      method: "GET",
      path: "/agents/me",
      auth: "AgentAuth",
      href: "/docs/agent-operations#getAgentMe",
    });
    const create = referenceSection("customers")?.operations.find((o) => o.operationId === "createCustomer");
    expect(create?.auth).toBe("BasicAuth");
    expect(create?.body?.contentType).toBe("application/json");
    expect(create?.body?.example).toMatchObject({ customerType: "INDIVIDUAL" });
    expect(create?.responses.map((r) => r.status)).toContain("201");
    expect(referenceSection("no-such-section")).toBeUndefined();
  });

  it("names pages and anchors by their words", () => {
    expect(slugOf("KYC/KYB Verifications")).toBe("kyc-kyb-verifications");
    expect(slugOf("  Signed retries! ")).toBe("signed-retries");
  });

  it("lists every webhook event with its payload", () => {
    const events = referenceEvents();
    expect(events.length).toBeGreaterThan(10);
    expect(events.find((e) => e.type === "OUTGOING_PAYMENT.PENDING")?.schema?.properties).toHaveProperty("id");
  });
});
