/**
 * List Grid's operations from its public OpenAPI document into test/support/grid-operations.json (checked
 * in), and compare them with the operations this service serves:
 *
 *   npx tsx scripts/grid-operations.ts [/tmp/grid-api/openapi.yaml] [--table FILE]
 *
 * Without a file argument it reads openapi.yaml from the bare mirror of lightsparkdev/grid-api when present
 * (GRID_API_GIT, default /work/.mirror/lightsparkdev+grid-api/repo). It prints every Grid operation that is
 * neither served nor in test/support/grid-not-served.ts (test/unit/grid-operations.test.ts fails on those),
 * and with --table writes the markdown table of every Grid operation with ours beside it.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "@readme/openapi-parser";
import { operations } from "@/lib/openapi/operations";
import { compareOperations, operationsTable, type GridOperationEntry } from "../test/support/grid-operations-compare";
import { NOT_SERVED, SERVED_BEYOND_GRID } from "../test/support/grid-not-served";

const args = process.argv.slice(2);
const tableAt = args.indexOf("--table");
const tableFile = tableAt >= 0 ? args[tableAt + 1] : undefined;
const positional = args.filter((a, i) => !a.startsWith("--") && (tableAt < 0 || i !== tableAt + 1));

function gridDocument(): { file: string; source: string } {
  if (positional[0]) return { file: positional[0], source: positional[0] };
  const gitDir = process.env.GRID_API_GIT ?? "/work/.mirror/lightsparkdev+grid-api/repo";
  const commit = execFileSync("git", ["--git-dir", gitDir, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();
  const text = execFileSync("git", ["--git-dir", gitDir, "show", "HEAD:openapi.yaml"], {
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  const file = path.join(mkdtempSync(path.join(tmpdir(), "grid-api-")), "openapi.yaml");
  writeFileSync(file, text);
  return { file, source: `lightsparkdev/grid-api@${commit} openapi.yaml` };
}

const { file, source } = gridDocument();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const doc = (await parse(file)) as any;
const grid: GridOperationEntry[] = [];
for (const [p, item] of Object.entries<Record<string, { operationId: string; tags?: string[] }>>(doc.paths)) {
  for (const method of ["get", "post", "put", "patch", "delete"]) {
    const op = item[method];
    if (op) grid.push({ method: method.toUpperCase(), path: p, operationId: op.operationId, tag: op.tags?.[0] ?? "" });
  }
}
const target = path.resolve(import.meta.dirname, "../test/support/grid-operations.json");
writeFileSync(target, `${JSON.stringify({ source, openapiVersion: doc.info?.version, operations: grid }, null, 1)}\n`);
console.log(`${grid.length} Grid operations → ${path.relative(process.cwd(), target)}`);

const result = compareOperations(grid, operations, NOT_SERVED);
const served = result.rows.filter((r) => r.served).length;
console.log(
  `served ${served}, not served (listed) ${result.rows.filter((r) => r.notServed).length}, unaccounted ${result.unaccounted.length}`,
);
for (const k of result.unaccounted) console.log(`  neither served nor listed: ${k}`);
for (const k of result.listedButServed) console.log(`  listed as not served but served: ${k}`);
for (const k of result.listedButNotGrid) console.log(`  listed but not a Grid operation: ${k}`);
if (tableFile) {
  writeFileSync(tableFile, operationsTable(result.rows, SERVED_BEYOND_GRID));
  console.log(`table → ${tableFile}`);
}
