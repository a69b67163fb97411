/**
 * Grid's published OpenAPI document and documentation pages, read at run time from the shared reference folder
 * (`shared/reference/grid-api/`, found by walking up from the project; GRID_REFERENCE_DIR names it elsewhere).
 * The project keeps no copy of Grid's documents and nothing derived from them: a test that compares
 * us with Grid reads them here, and when they are absent (a clone outside this setting) it says so and is skipped.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "@readme/openapi-parser";

export type GridDocument = Record<string, any>;

/** The folder holding Grid's `openapi.yaml` and `docs/`, or undefined when it cannot be found. */
export function gridReferenceDir(): string | undefined {
  const named = process.env.GRID_REFERENCE_DIR;
  if (named) return fs.existsSync(path.join(named, "openapi.yaml")) ? path.resolve(named) : undefined;
  for (let dir = path.resolve(import.meta.dirname, "../.."); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "shared", "reference", "grid-api");
    if (fs.existsSync(path.join(candidate, "openapi.yaml"))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The line a skipped comparison prints. */
export const GRID_REFERENCE_MISSING =
  "Grid's reference documents (shared/reference/grid-api/openapi.yaml) were not found above the project and " +
  "GRID_REFERENCE_DIR does not name them: the comparison with Grid is skipped";

let loaded: Promise<GridDocument | undefined> | undefined;

/**
 * Grid's OpenAPI document as parsed YAML (references kept, `#/components/...`), once per test file; undefined, with
 * the skip message printed, when the reference folder is absent.
 */
export function loadGridDocument(): Promise<GridDocument | undefined> {
  loaded ??= (async () => {
    const dir = gridReferenceDir();
    if (!dir) {
      console.warn(GRID_REFERENCE_MISSING);
      return undefined;
    }
    return (await parse(path.join(dir, "openapi.yaml"))) as GridDocument;
  })();
  return loaded;
}
