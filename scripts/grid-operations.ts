/**
 * Compare Grid's operations (its OpenAPI document, read from the shared reference folder or the file given) with
 * the operations this service serves:
 *
 *   npx tsx scripts/grid-operations.ts [path/to/grid/openapi.yaml] [--table FILE]
 *
 * It prints every Grid operation that is neither served nor in test/support/grid-not-served.ts
 * (test/contract/grid-operations.test.ts fails on those), and with --table writes the markdown table of every Grid
 * operation with ours beside it (outside the project: nothing derived from Grid's documents is committed).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "@readme/openapi-parser";
import { operations } from "@/lib/server/edge/openapi/operations";
import { compareOperations, gridOperations, operationsTable } from "../test/support/grid-operations-compare";
import { NOT_SERVED, SERVED_BEYOND_GRID } from "../test/support/grid-not-served";
import { GRID_REFERENCE_MISSING, type GridDocument, gridReferenceDir } from "../test/support/grid-reference";

const args = process.argv.slice(2);
const tableAt = args.indexOf("--table");
const tableFile = tableAt >= 0 ? args[tableAt + 1] : undefined;
const positional = args.filter((a, i) => !a.startsWith("--") && (tableAt < 0 || i !== tableAt + 1));

const dir = gridReferenceDir();
const file = positional[0] ?? (dir ? path.join(dir, "openapi.yaml") : undefined);
if (!file) {
  console.error(GRID_REFERENCE_MISSING);
  process.exit(1);
}
const grid = gridOperations((await parse(file)) as GridDocument);
console.log(`${grid.length} Grid operations in ${file}`);

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
