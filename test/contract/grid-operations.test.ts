/**
 * Every operation in Grid's OpenAPI document (read at run time from the shared reference folder; skipped with a
 * message when it is absent) is either served (lib/server/edge/openapi/operations.ts) or listed in test/support/grid-not-served.ts with its reason; every
 * operation we serve that Grid does not have is listed there too (SERVED_BEYOND_GRID), with its reason.
 */
import { describe, expect, it } from "vitest";
import { operations } from "@/lib/server/edge/openapi/operations";
import { compareOperations, gridOperations } from "@/test/support/grid-operations-compare";
import { NOT_SERVED, SERVED_BEYOND_GRID } from "@/test/support/grid-not-served";
import { loadGridDocument } from "@/test/support/grid-reference";

const gridDocument = await loadGridDocument();

describe.skipIf(!gridDocument)("Grid's operations: served or listed with a reason", () => {
  const grid = gridDocument ? gridOperations(gridDocument) : [];
  const result = compareOperations(grid, operations, NOT_SERVED);

  it("has Grid's operations to compare with", () => {
    expect(grid.length).toBeGreaterThan(100);
  });

  it("serves every Grid operation but those listed as not served", () => {
    expect(result.unaccounted).toEqual([]);
  });

  it("keeps the not-served list true: nothing listed is served, everything listed is Grid's", () => {
    expect(result.listedButServed).toEqual([]);
    expect(result.listedButNotGrid).toEqual([]);
  });

  it("lists, with a reason, every operation we serve beyond Grid's current API", () => {
    expect(result.oursOnly).toEqual(Object.keys(SERVED_BEYOND_GRID).sort());
    for (const [key, reason] of Object.entries(SERVED_BEYOND_GRID))
      expect(reason.trim().length, key).toBeGreaterThan(5);
  });

  it("gives a reason for every operation not served", () => {
    for (const [key, reason] of Object.entries(NOT_SERVED)) expect(reason.trim().length, key).toBeGreaterThan(5);
  });
});
