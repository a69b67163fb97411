import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toFieldErrors } from "@/lib/server/core/validation";
import { loadEnv } from "@/lib/shared/config/env";
import { decodeCursor, encodeCursor } from "@/lib/server/core/pagination";
import { formatId, parseId } from "@/lib/shared/ids";

describe("field errors", () => {
  it("lists every invalid field with a dot path and constraint", () => {
    const s = z.object({
      a: z.string().min(3),
      b: z.object({ c: z.enum(["X", "Y"]) }),
      d: z.string().regex(/^\d+$/),
      e: z.email(),
      f: z.string().max(2),
    });
    const r = s.safeParse({ a: "x", b: { c: "Z" }, d: "q", e: "nope", f: "long" });
    const errors = toFieldErrors(r.error!);
    expect(errors).toEqual([
      { field: "a", constraint: { minLength: 3 }, message: expect.any(String) },
      { field: "b.c", constraint: { enum: ["X", "Y"] }, message: expect.any(String) },
      { field: "d", constraint: { pattern: "^\\d+$" }, message: expect.any(String) },
      { field: "e", constraint: { format: "email" }, message: expect.any(String) },
      { field: "f", constraint: { maxLength: 2 }, message: expect.any(String) },
    ]);
  });

  it("reports the discriminator of a discriminated union", () => {
    const s = z.discriminatedUnion("type", [z.object({ type: z.literal("A") }), z.object({ type: z.literal("B") })]);
    const errors = toFieldErrors(s.safeParse({}).error!);
    expect(errors[0].field).toBe("type");
  });
});

describe("configuration", () => {
  it("names the variable that is wrong", () => {
    expect(() =>
      loadEnv({ DATABASE_URL: "mysql://x", WALLET_SETTLE_DELAY_MS: "-5" } as unknown as NodeJS.ProcessEnv),
    ).toThrow(/DATABASE_URL[\s\S]*WALLET_SETTLE_DELAY_MS/);
    expect(loadEnv({} as unknown as NodeJS.ProcessEnv).DATA_DIR).toBe(".data");
  });
});

describe("ids and cursors", () => {
  it("round-trips ids and rejects other shapes", () => {
    const id = formatId("Customer", "01a2023e-a07e-72f0-a24c-db9346ffec6c");
    expect(parseId("Customer", id)).toBe("01a2023e-a07e-72f0-a24c-db9346ffec6c");
    expect(parseId("InternalAccount", id)).toBeNull();
    expect(parseId("Customer", "Customer:nope")).toBeNull();
  });
  it("round-trips cursors and rejects forged ones", () => {
    const c = encodeCursor("01a2023e-a07e-72f0-a24c-db9346ffec6c");
    expect(decodeCursor(c)).toBe("01a2023e-a07e-72f0-a24c-db9346ffec6c");
    expect(() => decodeCursor("abc")).toThrow();
  });
});
