/**
 * Error codes per operation against Grid's: for every operation this service shares with Grid, each
 * code it can answer (an upper bound from the source: test/support/operation-error-codes.ts) must be one Grid documents
 * for that operation — a response status of the operation in Grid's OpenAPI, and the code in that status's ErrorNNN
 * enum — or be an accepted difference with its reason (test/support/error-codes-accepted.ts, docs/protocol.md
 * "Error codes per operation"). Reads Grid's OpenAPI from ../shared/reference/grid-api at run time.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "@readme/openapi-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { ERROR_STATUS } from "@/lib/server/core/errors";
import { operations } from "@/lib/server/edge/openapi/operations";
import { ACCEPTED_CODE_DIFFERENCES } from "@/test/support/error-codes-accepted";
import { GRID_ERROR_CODES } from "@/test/support/grid-shapes/common";
import { codesOfRoute, routeFileOf } from "@/test/support/operation-error-codes";

/** ../shared beside the checkout (a worktree sits one level deeper); GRID_API_REFERENCE names another copy. */
const ROOT = path.resolve(import.meta.dirname, "../..");
const GRID_OPENAPI =
  [
    process.env.GRID_API_REFERENCE,
    path.join(ROOT, "../shared/reference/grid-api"),
    path.join(ROOT, "../../shared/reference/grid-api"),
  ]
    .filter((d): d is string => !!d)
    .map((d) => path.join(d, "openapi.yaml"))
    .find((f) => fs.existsSync(f)) ?? "../shared/reference/grid-api/openapi.yaml";
const present = fs.existsSync(GRID_OPENAPI);
if (!present) console.warn(`skipped: Grid's OpenAPI is not at ${GRID_OPENAPI}`);

type GridDoc = { paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>> };
const key = (method: string, p: string) => `${method.toUpperCase()} ${p.replace(/\{[^}]+\}/g, "{}")}`;

/** Grid's operations by `METHOD /path`: operationId and the error statuses it documents. */
function gridOperations(doc: GridDoc): Map<string, { id: string; statuses: Set<number> }> {
  const out = new Map<string, { id: string; statuses: Set<number> }>();
  for (const [p, ops] of Object.entries(doc.paths))
    for (const [m, op] of Object.entries(ops)) {
      if (!op?.responses || !op.operationId) continue;
      const statuses = new Set(
        Object.keys(op.responses)
          .map(Number)
          .filter((s) => s >= 400),
      );
      out.set(key(m, p), { id: op.operationId, statuses });
    }
  return out;
}

/** code → the Grid operationIds where this service can answer it and Grid does not document it. */
function differences(doc: GridDoc): Record<string, string[]> {
  const grid = gridOperations(doc);
  const out: Record<string, Set<string>> = {};
  for (const op of operations) {
    const g = grid.get(key(op.method, op.path));
    if (!g) continue;
    const route = routeFileOf(op.path);
    expect(route, `${op.method} ${op.path}: route file`).not.toBeNull();
    for (const code of codesOfRoute(route as string)) {
      const status = ERROR_STATUS[code as keyof typeof ERROR_STATUS];
      expect(status, `${code} (thrown for ${g.id}) is in the error table`).toBeDefined();
      const documented = (GRID_ERROR_CODES as Record<number, readonly string[]>)[status] ?? [];
      if (g.statuses.has(status) && documented.includes(code)) continue;
      out[code] ??= new Set();
      out[code].add(g.id);
    }
  }
  return Object.fromEntries(Object.entries(out).map(([c, ids]) => [c, [...ids].sort()]));
}

describe.skipIf(!present)("error codes per operation vs Grid's documented codes", () => {
  let doc: GridDoc;
  beforeAll(async () => {
    doc = (await parse(GRID_OPENAPI)) as unknown as GridDoc;
  });

  it("every code an operation can answer is Grid's for that operation, or an accepted difference with its reason", () => {
    const found = differences(doc);
    const accepted = Object.fromEntries(
      Object.entries(ACCEPTED_CODE_DIFFERENCES).map(([c, d]) => [c, [...d.operations].sort()]),
    );
    expect(found).toEqual(accepted);
    for (const [code, d] of Object.entries(ACCEPTED_CODE_DIFFERENCES))
      expect(d.reason.length, code).toBeGreaterThan(10);
  }, 60_000);

  it("the invitations answer Grid's codes (INVITATION_ALREADY_CLAIMED, INVITATION_CANCELLED), never 409 CONFLICT", () => {
    for (const p of ["/invitations/{invitationCode}/claim", "/invitations/{invitationCode}/cancel"]) {
      const codes = codesOfRoute(routeFileOf(p) as string);
      expect(codes.has("INVITATION_ALREADY_CLAIMED"), p).toBe(true);
      expect(codes.has("INVITATION_CANCELLED"), p).toBe(true);
      expect(codes.has("CONFLICT"), p).toBe(false);
    }
  });

  it("the reader finds the codes a route reaches through its service (the test looks at the right place)", () => {
    const codes = codesOfRoute(routeFileOf("/transactions/{transactionId}/approve") as string);
    expect([...codes]).toEqual(
      expect.arrayContaining(["TRANSACTION_NOT_FOUND", "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL", "INVALID_INPUT"]),
    );
  });
});
