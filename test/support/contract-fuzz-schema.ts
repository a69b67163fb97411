/**
 * The JSON Schema walks of test/integration/edge/contract-fuzz.test.ts: a contract's zod schema as JSON Schema, a value it
 * accepts, and the paths of its string, numeric and array fields, where the fuzz puts its edge values.
 */
import { z } from "zod";

export type Json = Record<string, any>;

export function jsonSchema(s: z.ZodType): Json {
  return z.toJSONSchema(s, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as Json;
}

function resolveRef(root: Json, s: Json): Json {
  if (typeof s?.$ref === "string" && s.$ref.startsWith("#/$defs/")) return root.$defs[s.$ref.slice(8)];
  if (s?.$ref === "#") return root;
  return s;
}

/** A value the schema accepts, as far as a generator without regex solving can tell. */
export function sample(root: Json, s0: Json, depth = 0): unknown {
  const s = resolveRef(root, s0);
  if (!s || depth > 8) return null;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  const variants = s.oneOf ?? s.anyOf;
  if (Array.isArray(variants))
    return sample(root, variants.find((v: Json) => resolveRef(root, v)?.type !== "null") ?? variants[0], depth + 1);
  if (Array.isArray(s.allOf)) return Object.assign({}, ...s.allOf.map((v: Json) => sample(root, v, depth + 1)));
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== "null") : s.type;
  switch (type) {
    case "object": {
      const out: Json = {};
      for (const [k, v] of Object.entries<Json>(s.properties ?? {})) out[k] = sample(root, v, depth + 1);
      return out;
    }
    case "array":
      return s.items ? [sample(root, s.items, depth + 1)] : [];
    case "integer":
    case "number":
      return typeof s.minimum === "number"
        ? s.minimum
        : typeof s.exclusiveMinimum === "number"
          ? s.exclusiveMinimum + 1
          : 1;
    case "boolean":
      return true;
    case "string":
      if (s.format === "email") return "fuzz@example.com";
      if (s.format === "uri" || s.format === "url") return "https://example.com/x";
      if (s.format === "date") return "2000-01-01";
      if (s.format === "date-time") return new Date().toISOString();
      if (s.format === "uuid") return "0190f5e6-0000-7000-8000-000000000000";
      return "x".repeat(Math.max(1, s.minLength ?? 1));
    default:
      return null;
  }
}

/** Every string leaf of the schema, as a path of keys (array items at index 0). */
export function stringPaths(
  root: Json,
  s0: Json,
  path: (string | number)[] = [],
  depth = 0,
  out: (string | number)[][] = [],
): (string | number)[][] {
  const s = resolveRef(root, s0);
  if (!s || depth > 8) return out;
  for (const v of [...(s.oneOf ?? []), ...(s.anyOf ?? []), ...(s.allOf ?? [])])
    stringPaths(root, v, path, depth + 1, out);
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.includes("string") && path.length > 0) out.push(path);
  if (s.properties)
    for (const [k, v] of Object.entries<Json>(s.properties)) stringPaths(root, v, [...path, k], depth + 1, out);
  if (s.items) stringPaths(root, s.items, [...path, 0], depth + 1, out);
  return out;
}

/** Every numeric leaf of the schema, with its bounds, as a path of keys (array items at index 0). */
export function numberPaths(
  root: Json,
  s0: Json,
  path: (string | number)[] = [],
  depth = 0,
  out: { path: (string | number)[]; schema: Json }[] = [],
): { path: (string | number)[]; schema: Json }[] {
  const s = resolveRef(root, s0);
  if (!s || depth > 8) return out;
  for (const v of [...(s.oneOf ?? []), ...(s.anyOf ?? []), ...(s.allOf ?? [])])
    numberPaths(root, v, path, depth + 1, out);
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if ((types.includes("integer") || types.includes("number")) && path.length > 0) out.push({ path, schema: s });
  if (s.properties)
    for (const [k, v] of Object.entries<Json>(s.properties)) numberPaths(root, v, [...path, k], depth + 1, out);
  if (s.items) numberPaths(root, s.items, [...path, 0], depth + 1, out);
  return out;
}

/** Every array-valued field of the schema, with its item schema. */
export function arrayPaths(
  root: Json,
  s0: Json,
  path: (string | number)[] = [],
  depth = 0,
  out: { path: (string | number)[]; items: Json }[] = [],
): { path: (string | number)[]; items: Json }[] {
  const s = resolveRef(root, s0);
  if (!s || depth > 8) return out;
  for (const v of [...(s.oneOf ?? []), ...(s.anyOf ?? []), ...(s.allOf ?? [])])
    arrayPaths(root, v, path, depth + 1, out);
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.includes("array") && path.length > 0) out.push({ path, items: s.items ?? {} });
  if (s.properties)
    for (const [k, v] of Object.entries<Json>(s.properties)) arrayPaths(root, v, [...path, k], depth + 1, out);
  return out;
}

/**
 * Numbers at the edges of a numeric field, as JSON literals: its bounds and one past them, zero and negative zero,
 * the edges of safe integers, huge, tiny and fractional values, and literals JSON.parse turns into Infinity or
 * rounds (too many digits).
 */
export function edgeNumbers(s: Json): string[] {
  const out = new Set<string>([
    "0",
    "-0",
    "-1",
    "1.5",
    String(2 ** 53 - 1),
    "9007199254740993",
    String(-(2 ** 53)),
    "1e308",
    "-1e308",
    "1e400",
    "5e-324",
    "123456789012345678901234567890",
  ]);
  for (const k of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]) {
    const v = s[k];
    if (typeof v !== "number" || !Number.isFinite(v)) continue;
    out.add(String(v));
    out.add(String(k.endsWith("inimum") ? v - 1 : v + 1));
  }
  return [...out];
}

export function setAt(target: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const base: any =
    typeof head === "number"
      ? Array.isArray(target)
        ? [...target]
        : []
      : target && typeof target === "object" && !Array.isArray(target)
        ? { ...target }
        : {};
  base[head] = setAt(base[head], rest, value);
  return base;
}
