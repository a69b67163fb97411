import { describe, expect, it } from "vitest";
import type { JsonSchema } from "./reference";
import { sharedShape, sharedShapes } from "./reference-shapes";

/** An object schema of `n` string fields with long descriptions: big enough to be worth sharing. */
function big(tag: string, n = 30): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (let i = 0; i < n; i++)
    properties[`${tag}${i}`] = { type: "string", description: `field ${i} of ${tag}`.repeat(4) };
  return { type: "object", properties };
}

describe("sharedShapes", () => {
  it("shares a large shape met twice, under the name of the field it was first met as", () => {
    const account = big("acct");
    const shapes = sharedShapes([
      { name: "body", schema: { type: "object", properties: { accountInfo: account } } },
      { name: "answer", schema: { type: "array", items: { type: "object", properties: { info: account } } } },
    ]);
    expect([...shapes.values()].map((s) => [s.id, s.name])).toEqual([["shape-1", "accountInfo"]]);
    // Recognised by content, not only by identity.
    expect(sharedShape(shapes, structuredClone(account))?.id).toBe("shape-1");
  });

  it("keeps a shape met once, or a small one met often, in place", () => {
    const small: JsonSchema = { type: "object", properties: { a: { type: "string" } } };
    const shapes = sharedShapes([
      { name: "body", schema: big("once") },
      { name: "x", schema: small },
      { name: "y", schema: small },
    ]);
    expect(shapes.size).toBe(0);
    expect(sharedShape(shapes, small)).toBeUndefined();
  });

  it("numbers two different shapes first met under the same name", () => {
    const one = big("one");
    const two = big("two");
    const shapes = sharedShapes([
      { name: "a", schema: { type: "object", properties: { info: one, other: two } } },
      { name: "b", schema: { type: "object", properties: { info: two, again: one } } },
    ]);
    expect([...shapes.values()].map((s) => s.name)).toEqual(["info", "other"]);
    const three = big("three");
    const numbered = sharedShapes([
      { name: "info", schema: one },
      { name: "info", schema: three },
      { name: "z", schema: one },
      { name: "z", schema: three },
    ]);
    expect([...numbered.values()].map((s) => s.name)).toEqual(["info", "info (2)"]);
  });
});
