/**
 * Grid's operations (read at run time from Grid's OpenAPI document in the shared reference folder,
 * test/support/grid-reference.ts) against the operations this service serves (lib/server/edge/openapi/operations.ts) and the
 * checked-in "not served, because …" lines (grid-not-served.ts).
 */
import type { GridDocument } from "./grid-reference";

export interface GridOperationEntry {
  method: string;
  path: string;
  operationId: string;
  tag: string;
}

export interface OperationRow extends GridOperationEntry {
  key: string;
  /** Our operationId when served. */
  served?: string;
  /** The reason when not served. */
  notServed?: string;
}

/** Every operation of Grid's OpenAPI document, in its order. */
export function gridOperations(doc: GridDocument): GridOperationEntry[] {
  const out: GridOperationEntry[] = [];
  for (const [p, item] of Object.entries<GridDocument>(doc.paths)) {
    for (const method of ["get", "post", "put", "patch", "delete"]) {
      const op = item[method];
      if (op) out.push({ method: method.toUpperCase(), path: p, operationId: op.operationId, tag: op.tags?.[0] ?? "" });
    }
  }
  return out;
}

/** `METHOD /path` with every path parameter written `{}` (Grid and we may name them differently). */
function operationKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, "{}")}`;
}

export function compareOperations(
  grid: GridOperationEntry[],
  served: { method: string; path: string; operationId: string }[],
  notServed: Record<string, string>,
) {
  const ours = new Map(served.map((o) => [operationKey(o.method, o.path), o.operationId]));
  const gridKeys = new Set(grid.map((g) => operationKey(g.method, g.path)));
  const rows: OperationRow[] = grid.map((g) => {
    const key = operationKey(g.method, g.path);
    return { ...g, key, served: ours.get(key), notServed: ours.has(key) ? undefined : notServed[key] };
  });
  return {
    rows,
    /** Grid operations neither served nor listed with a reason. */
    unaccounted: rows.filter((r) => !r.served && !r.notServed).map((r) => r.key),
    /** Lines of the not-served list naming an operation that is served. */
    listedButServed: Object.keys(notServed).filter((k) => ours.has(k)),
    /** Lines of the not-served list naming no Grid operation. */
    listedButNotGrid: Object.keys(notServed).filter((k) => !gridKeys.has(k)),
    /** Our operations Grid does not have (the spec's own, e.g. GET /quotes, webhook deliveries). */
    oursOnly: [...ours.keys()].filter((k) => !gridKeys.has(k)).sort(),
  };
}

/** The markdown table: every Grid operation, ours beside it; then what we serve beyond Grid, with the reason. */
export function operationsTable(rows: OperationRow[], beyond: Record<string, string> = {}): string {
  const lines = ["| Grid operation | operationId | Grid tag | Ours |", "|---|---|---|---|"];
  for (const r of rows) {
    const ours = r.served
      ? `served (\`${r.served}\`)`
      : r.notServed
        ? `not served: ${r.notServed}`
        : "**neither served nor listed**";
    lines.push(`| \`${r.method} ${r.path}\` | ${r.operationId} | ${r.tag} | ${ours} |`);
  }
  const extra = Object.entries(beyond);
  if (extra.length) {
    lines.push("", "| Served beyond Grid's current API | Because |", "|---|---|");
    for (const [key, reason] of extra) lines.push(`| \`${key}\` | ${reason} |`);
  }
  return `${lines.join("\n")}\n`;
}
