import type { JsonSchema } from "./reference";

/**
 * Large shapes a page meets more than once (an external account's `accountInfo`, with its forty account types, is in
 * every operation that reads or writes an account): each is shown once at the end of the page, under the name of the
 * field it was first met as, and linked wherever it recurs. Without this a section page repeats the same fields many
 * times over.
 */
export interface SharedShape {
  id: string;
  name: string;
  schema: JsonSchema;
}

export type Shapes = Map<string, SharedShape>;

/** A shape worth sharing: fields or alternatives of its own, and at least this much of the document. */
const MIN_SHARED_BYTES = 1000;

/**
 * A schema's text, the identity of a shape. Remembered per schema object: the document is built once, and a page's
 * render asks again for every nested field of every request.
 */
const keys = new WeakMap<JsonSchema, string>();
function keyOf(s: JsonSchema): string {
  let key = keys.get(s);
  if (key === undefined) {
    key = JSON.stringify(s);
    keys.set(s, key);
  }
  return key;
}

export function sharedShapes(roots: { name: string; schema: JsonSchema | undefined }[]): Shapes {
  const seen = new Map<string, { name: string; count: number; schema: JsonSchema }>();
  const walk = (s: JsonSchema | undefined, name: string) => {
    if (!s || typeof s !== "object") return;
    if (s.properties || s.oneOf || s.anyOf) {
      const key = keyOf(s);
      if (key.length >= MIN_SHARED_BYTES) {
        const entry = seen.get(key);
        if (entry) {
          entry.count++;
          return; // its insides were counted the first time
        }
        seen.set(key, { name, count: 1, schema: s });
      }
    }
    for (const [field, p] of Object.entries(s.properties ?? {})) walk(p, field);
    for (const v of [...(s.oneOf ?? []), ...(s.anyOf ?? [])]) walk(v, name);
    walk(s.items, name);
  };
  for (const r of roots) walk(r.schema, r.name);
  const shapes: Shapes = new Map();
  const names = new Map<string, number>();
  for (const [key, e] of seen) {
    if (e.count < 2) continue;
    const n = (names.get(e.name) ?? 0) + 1;
    names.set(e.name, n);
    const name = n === 1 ? e.name : `${e.name} (${n})`;
    shapes.set(key, { id: `shape-${shapes.size + 1}`, name, schema: e.schema });
  }
  return shapes;
}

/** The shared shape this schema is, if it is one. */
export function sharedShape(shapes: Shapes | undefined, s: JsonSchema): SharedShape | undefined {
  return shapes?.size && (s.properties || s.oneOf || s.anyOf) ? shapes.get(keyOf(s)) : undefined;
}
