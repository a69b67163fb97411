/**
 * Compatibility harness: our own zod schemas of Grid's documented shapes (one file per area in this
 * folder, written from Grid's public OpenAPI: required fields, enums, types) and a check that lists
 * every mismatch of a response, not just the first.
 *
 * Convention: a deliberate difference (the spec or docs/protocol.md wins over Grid) is one entry of
 * `deliberate`, keyed by the path it concerns (`*` matches any array index), whose value says why in
 * one line. An entry that no longer matches anything is itself reported, so the list stays true.
 */
import { expect } from "vitest";
import type { z } from "zod";

export type Deliberate = Record<string, string>;

/** Every way `value` differs from Grid's shape, as `path: problem` lines. */
export function gridMismatches(schema: z.ZodType, value: unknown, deliberate: Deliberate = {}): string[] {
  const r = schema.safeParse(value, { reportInput: true });
  const issues = r.success ? [] : r.error.issues;
  const used = new Set<string>();
  const out: string[] = [];
  for (const issue of issues) {
    const path = issue.path.map(String).join(".") || "(root)";
    const generic = issue.path.map((p) => (typeof p === "number" ? "*" : String(p))).join(".") || "(root)";
    const key = [path, generic].find((k) => k in deliberate);
    if (key) {
      used.add(key);
      continue;
    }
    out.push(`${path}: ${describeIssue(issue)}`);
  }
  for (const key of Object.keys(deliberate))
    if (!used.has(key)) out.push(`${key}: listed as a deliberate difference but matches Grid now`);
  return out;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type" && (issue as { input?: unknown }).input === undefined)
    return "required by Grid, missing";
  if (issue.code === "invalid_type")
    return `${issue.message} (${JSON.stringify((issue as { input?: unknown }).input)})`;
  if (issue.code === "invalid_value") return `${issue.message} (Grid's enum)`;
  if (issue.code === "invalid_union") {
    const u = issue as z.core.$ZodIssueInvalidUnion;
    if (u.errors.length > 0) {
      // The closest variant: the one with the fewest problems.
      const best = [...u.errors].sort((a, b) => a.length - b.length)[0];
      return `no variant of Grid's union matches; closest: ${best.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`;
    }
  }
  return issue.message;
}

/** Assert that `value` has Grid's shape, listing every mismatch in the failure message. */
export function expectGridShape(schema: z.ZodType, value: unknown, deliberate: Deliberate = {}): void {
  expect(gridMismatches(schema, value, deliberate), JSON.stringify(value)).toEqual([]);
}
