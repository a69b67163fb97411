/**
 * The API reference: every operation with a body shows a request example built from its contract, and the
 * example is one the operation accepts (it parses with the operation's own request schema); every tag has a
 * description; the guides and the protocol the introduction names are there.
 */
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/server/edge/openapi/document";
import { operations } from "@/lib/server/edge/openapi/operations";

type Json = Record<string, any>;
const doc = openApiDocument() as Json;

/** A multipart example names its file; the schema takes a File there (JSON Schema `format: binary`). */
function withFiles(example: unknown, schema: Json): unknown {
  if (!example || typeof example !== "object") return example;
  const out: Json = { ...(example as Json) };
  for (const [k, s] of Object.entries<Json>(schema.properties ?? {}))
    if (s.format === "binary" && typeof out[k] === "string")
      out[k] = new File([Buffer.from("%PDF-1.4\n")], out[k], { type: "application/pdf" });
  return out;
}

describe("the API reference's request examples", () => {
  const withBody = operations.filter((op) => op.body);

  it("covers the operations that take a body", () => {
    expect(withBody.length).toBeGreaterThan(50);
  });

  it("gives every operation with a body an example that its own request schema accepts", () => {
    const failures: string[] = [];
    for (const op of withBody) {
      const media =
        doc.paths[op.path][op.method.toLowerCase()].requestBody.content[op.bodyEncoding ?? "application/json"];
      const examples = Object.values<Json>(media.examples ?? {});
      if (examples.length === 0 || examples[0].value === undefined || examples[0].value === "") {
        failures.push(`${op.operationId}: no example`);
        continue;
      }
      const body = op.bodyEncoding ? withFiles(examples[0].value, media.schema) : examples[0].value;
      const parsed = op.body?.safeParse(body);
      if (!parsed?.success)
        failures.push(
          `${op.operationId}: ${parsed?.error.issues.map((i: { path: PropertyKey[]; message: string }) => `${i.path.map(String).join(".")}: ${i.message}`)}`,
        );
    }
    expect(failures).toEqual([]);
  });

  it("gives every path parameter an example its own schema accepts", () => {
    const failures: string[] = [];
    for (const op of operations) {
      const shape = (op.params as { shape?: Record<string, { safeParse: (v: unknown) => { success: boolean } }> })
        ?.shape;
      for (const prm of doc.paths[op.path][op.method.toLowerCase()].parameters as Json[]) {
        if (prm.in !== "path") continue;
        if (typeof prm.example !== "string" || prm.example === "") failures.push(`${op.operationId} ${prm.name}: none`);
        else if (shape?.[prm.name] && !shape[prm.name].safeParse(prm.example).success)
          failures.push(`${op.operationId} ${prm.name}: ${prm.example} refused`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("shows realistic values: identifiers in the service's shape, no placeholder words in identifiers", () => {
    const quote = doc.paths["/quotes"].post.requestBody.content["application/json"].examples.example.value;
    expect(quote.source.accountId).toMatch(/^InternalAccount:[0-9a-f-]{36}$/);
    expect(quote.destination.accountId).toMatch(/^ExternalAccount:[0-9a-f-]{36}$/);
    const customer = doc.paths["/customers"].post.requestBody.content["application/json"].examples.example.value;
    expect(customer).toMatchObject({ customerType: "INDIVIDUAL", email: expect.stringMatching(/@example\.com$/) });
  });
});

describe("the API reference's sections and guides", () => {
  it("describes every tag an operation uses", () => {
    const described = new Map<string, string>(doc.tags.map((t: Json) => [t.name, t.description]));
    const used = new Set(operations.flatMap((op) => op.tags));
    for (const tag of used) expect(described.get(tag)?.length ?? 0, tag).toBeGreaterThan(20);
  });

  it("opens with the guides: getting started, the sandbox's rules, signed retries, webhooks", () => {
    const intro: string = doc.info.description;
    for (const heading of ["# Getting started", "# Sandbox", "# Signed retries", "# Webhooks"])
      expect(intro).toContain(`\n${heading}\n`);
    // The sandbox's magic values, which lived only in the README.
    expect(intro).toContain("`000000`");
    expect(intro).toContain("$success.usd@sandbox.uma.money");
    expect(intro).toContain("(/docs/protocol)");
  });
});
