/**
 * Compare our served OpenAPI document with Grid's field list (./grid-fields.ts, read at run time from Grid's OpenAPI
 * document in the shared reference folder). For each operation both documents have
 * (same method and path), for the fields Grid defines:
 * - every query parameter Grid documents is one of ours, with a compatible type;
 * - the request body accepts every field Grid documents, required or optional (our bodies are strict, so a field
 *   we do not define is refused), and every field both have has Grid's type and accepts Grid's enum values;
 * - each 2xx response has the fields Grid requires (required in ours too), Grid's types, and only
 *   enum values Grid documents;
 * - every error status Grid documents for the operation is documented by ours.
 * Fields only we have are not reported (spec extensions). A union variant only Grid has is reported in a request
 * body (`path<VALUE>: Grid's variant refused`: a client sending Grid's documented discriminator value, e.g. a quote
 * source of type REALTIME_FUNDING, gets a 400) and not in a response (we never send it, so no client breaks).
 */
import type { GridField, GridFields, GridSchema } from "./grid-fields";

type Json = Record<string, any>;

type Mode = "request" | "response";

/** Grid's schemas of the comparison under way (set by compareWithGrid; the walk below is synchronous). */
let schemas: Record<string, GridSchema> = {};

/** `/customers/{customerId}` and `/customers/{id}` are the same path. */
const normalizePath = (p: string) => p.replace(/\{[^}]+\}/g, "{}");

function variantsOf(s: Json): Json[] {
  const list = s.anyOf ?? s.oneOf;
  if (!list) return [s];
  return (list as Json[]).flatMap(variantsOf).filter((v) => v.type !== "null");
}

function typesOf(s: Json): string[] {
  const out = new Set<string>();
  for (const v of variantsOf(s)) {
    if (Array.isArray(v.type)) for (const t of v.type as string[]) out.add(t);
    else if (v.type) out.add(v.type);
    else if (v.const !== undefined) out.add(typeof v.const === "number" ? "number" : typeof v.const);
    else if (v.enum) out.add(typeof v.enum[0]);
    else if (v.properties) out.add("object");
  }
  if (out.has("integer")) out.add("number");
  return [...out];
}

function enumOf(s: Json): (string | number)[] | undefined {
  const values: (string | number)[] = [];
  for (const v of variantsOf(s)) {
    if (v.const !== undefined) values.push(v.const);
    else if (v.enum) values.push(...v.enum);
    else return undefined; // some variant takes any value of its type
  }
  return values;
}

function compareField(ours: Json, grid: GridField, path: string, mode: Mode, out: string[]): void {
  if (grid.type === "any") return;
  const types = typesOf(ours);
  if (types.length > 0 && grid.type !== "oneOf") {
    const want = grid.type === "integer" ? "integer" : grid.type;
    const ok = want === "integer" ? types.includes("integer") : types.includes(want);
    if (!ok) out.push(`${path}: type ${types.join("|")}, Grid ${grid.type}`);
  }
  if (grid.enum) {
    const mine = enumOf(ours);
    if (mode === "response") {
      if (!mine) out.push(`${path}: any ${types.join("|")}, Grid's enum ${grid.enum.join(", ")}`);
      else {
        const extra = mine.filter((v) => !grid.enum!.includes(v));
        if (extra.length) out.push(`${path}: values Grid does not document: ${extra.join(", ")}`);
      }
    } else if (mine) {
      const missing = grid.enum.filter((v) => !mine.includes(v));
      if (missing.length && mine.length > 0 && !path.endsWith(".accountType"))
        out.push(`${path}: Grid values refused: ${missing.join(", ")}`);
    }
  }
  if (grid.ref && !grid.enum) compareSchema(ours, grid.ref, path, mode, out);
  else if (grid.type === "array" && grid.items) {
    const items = variantsOf(ours).find((v) => v.items)?.items;
    if (items) compareField(items, grid.items, `${path}[]`, mode, out);
  }
}

/** Our JSON Schema `ours` against Grid's schema `name`. */
function compareSchema(
  ours: Json,
  name: string,
  path: string,
  mode: Mode,
  out: string[],
  discriminator?: string,
): void {
  const grid = schemas[name];
  if (!grid) return;
  if (grid.kind === "enum") {
    compareField(ours, { type: "string", enum: grid.values }, path, mode, out);
    return;
  }
  if (grid.kind === "scalar") {
    compareField(ours, { type: grid.type }, path, mode, out);
    return;
  }
  if (grid.kind === "oneOf") {
    const mine = variantsOf(ours);
    let matched = 0;
    for (const [value, variant] of Object.entries(grid.variants)) {
      const d = grid.discriminator;
      const candidates = d
        ? mine.filter((v) => {
            const p = v.properties?.[d];
            return p && (p.const === value || p.enum?.includes(value) || (!p.const && !p.enum));
          })
        : mine;
      if (candidates.length === 0) {
        // Our body refuses Grid's documented variant (our strict union has no member for it). Variants without a
        // discriminator value (`oneOf` of refs) are matched by shape, so only discriminated ones can be missed.
        if (mode === "request" && d) out.push(`${path}<${value}>: Grid's variant refused`);
        continue;
      }
      matched++;
      compareSchema(best(candidates, variant, path, mode), variant, d ? `${path}<${value}>` : path, mode, out, d);
    }
    if (matched === 0)
      out.push(`${path || "(body)"}: none of Grid's variants (${Object.keys(grid.variants).join(", ")})`);
    return;
  }
  const objects = variantsOf(ours).filter((v) => v.properties);
  if (objects.length === 0) {
    if (!typesOf(ours).includes("object"))
      out.push(`${path || "(body)"}: type ${typesOf(ours).join("|") || "any"}, Grid object`);
    return;
  }
  const o = best(objects, name, path, mode);
  const required = new Set<string>(o.required ?? []);
  for (const [field, g] of Object.entries(grid.fields)) {
    // The union already matched the discriminator by its mapping value.
    if (field === discriminator) continue;
    const p = `${path ? `${path}.` : ""}${field}`;
    const mine = o.properties[field];
    if (!mine) {
      if (grid.required.includes(field)) out.push(`${p}: missing (Grid requires it)`);
      // A request field Grid documents, even optional, that our body does not define is refused (strict bodies) or
      // dropped: either way a client sending it is not served as Grid serves it.
      else if (mode === "request") out.push(`${p}: Grid's optional field not accepted`);
      continue;
    }
    if (mode === "response" && grid.required.includes(field) && !required.has(field))
      out.push(`${p}: optional, Grid requires it`);
    compareField(mine, g, p, mode, out);
  }
}

/** Of several of our variants, the one closest to Grid's schema. */
function best(candidates: Json[], name: string, path: string, mode: Mode): Json {
  if (candidates.length === 1) return candidates[0];
  let pick = candidates[0];
  let fewest = Infinity;
  for (const c of candidates) {
    const o: string[] = [];
    compareSchema(c.properties ? c : { ...c }, name, path, mode, o);
    if (o.length < fewest) [pick, fewest] = [c, o.length];
  }
  return pick;
}

/** Every difference between our OpenAPI document and Grid's field list, for the operations both have. */
export function compareWithGrid(doc: Json, gridFields: GridFields): { mismatches: string[]; onlyGrid: string[] } {
  schemas = gridFields.schemas;
  const ours = new Map<string, Json>();
  for (const [p, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const [m, op] of Object.entries(item)) ours.set(`${m.toUpperCase()} ${normalizePath(p)}`, op);
  }
  const mismatches: string[] = [];
  const onlyGrid: string[] = [];
  for (const [key, g] of Object.entries(gridFields.operations)) {
    const [method, p] = key.split(" ");
    const op = ours.get(`${method} ${normalizePath(p)}`);
    if (!op) {
      onlyGrid.push(`${key} (${g.operationId})`);
      continue;
    }
    const out: string[] = [];
    const params = new Map<string, Json>(
      (op.parameters ?? []).filter((x: Json) => x.in === "query").map((x: Json) => [x.name, x]),
    );
    for (const [name, q] of Object.entries(g.query)) {
      const mine = params.get(name);
      if (!mine) out.push(`query ${name}: not accepted`);
      else compareField(mine.schema, q.type === "array" && q.items ? q.items : q, `query ${name}`, "request", out);
    }
    if (g.request) {
      const body = op.requestBody?.content?.["application/json"]?.schema;
      if (!body) out.push(`request body: none`);
      else compareSchema(body, g.request, "", "request", out);
    }
    for (const [status, schema] of Object.entries(g.responses)) {
      const mine = op.responses?.[status];
      if (!mine) {
        if (!/^(405|500|501)$/.test(status)) out.push(`response ${status}: not documented`);
        continue;
      }
      if (!status.startsWith("2") || !schema) continue;
      const body = mine.content?.["application/json"]?.schema;
      if (!body) out.push(`response ${status}: no body`);
      else {
        const o: string[] = [];
        compareSchema(body, schema, "", "response", o);
        out.push(...o.map((x) => `response ${status} ${x}`));
      }
    }
    mismatches.push(...new Set(out.map((x) => `${key}: ${x}`)));
  }
  return { mismatches, onlyGrid };
}
