import { describe, expect, it } from "vitest";
import { newUuid, parseId } from "./ids";

describe("newUuid", () => {
  it("is a uuidv7 (version and variant bits), unique, and increasing within the process, across pool refills", () => {
    // 4 KiB of randomness is 256 ids: 2,000 cross the refill several times, many within one millisecond.
    const ids = Array.from({ length: 2000 }, () => newUuid());
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(parseId("Quote", `Quote:${id}`)).toBe(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) expect(ids[i] > ids[i - 1]).toBe(true);
  });

  it("starts with the current time in milliseconds", () => {
    const before = Date.now();
    const id = newUuid();
    const msecs = Number.parseInt(id.replace(/-/g, "").slice(0, 12), 16);
    expect(msecs).toBeGreaterThanOrEqual(before);
    expect(msecs).toBeLessThanOrEqual(Date.now() + 1);
  });
});
