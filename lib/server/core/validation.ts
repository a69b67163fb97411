import { z } from "zod";
import { ApiError } from "./errors";

/** One invalid field, as the spec's Error400 `details.errors[]` lists it. */
export interface FieldError {
  field: string;
  constraint?: {
    format?: string;
    pattern?: string;
    enum?: unknown[];
    minLength?: number;
    maxLength?: number;
    minimum?: number;
    maximum?: number;
  };
  message: string;
}

function fieldPath(prefix: string, path: PropertyKey[]): string {
  const parts = [prefix, ...path.map((p) => String(p))].filter((s) => s !== "");
  return parts.join(".");
}

/** Map every zod issue (not just the first) to a FieldError. */
export function toFieldErrors(error: z.ZodError, prefix = ""): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) collect(issue, prefix, [], out);
  // One entry per field and message.
  const seen = new Set<string>();
  return out.filter((e) => {
    const key = `${e.field}\u0000${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function collect(issue: z.core.$ZodIssue, prefix: string, base: PropertyKey[], out: FieldError[]): void {
  const path = [...base, ...issue.path];
  const field = fieldPath(prefix, path) || "(body)";
  switch (issue.code) {
    case "invalid_type": {
      const missing = issue.input === undefined;
      out.push({
        field,
        message: missing ? "Required" : `Expected ${issue.expected}, received ${describeValue(issue.input)}`,
      });
      return;
    }
    case "invalid_format": {
      const i = issue as z.core.$ZodIssueInvalidStringFormat;
      if (i.format === "regex" && i.pattern)
        out.push({ field, constraint: { pattern: regexSource(i.pattern) }, message: issue.message });
      else out.push({ field, constraint: { format: i.format }, message: issue.message });
      return;
    }
    case "invalid_value":
      out.push({
        field,
        constraint: { enum: [...issue.values] },
        message: `Must be one of: ${issue.values.join(", ")}`,
      });
      return;
    case "too_small": {
      if (issue.origin === "string")
        out.push({ field, constraint: { minLength: Number(issue.minimum) }, message: issue.message });
      else if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint")
        out.push({ field, constraint: { minimum: Number(issue.minimum) }, message: issue.message });
      else out.push({ field, message: issue.message });
      return;
    }
    case "too_big": {
      if (issue.origin === "string")
        out.push({ field, constraint: { maxLength: Number(issue.maximum) }, message: issue.message });
      else if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint")
        out.push({ field, constraint: { maximum: Number(issue.maximum) }, message: issue.message });
      else out.push({ field, message: issue.message });
      return;
    }
    case "unrecognized_keys":
      for (const key of issue.keys) out.push({ field: fieldPath(prefix, [...path, key]), message: "Unknown field" });
      return;
    case "invalid_union": {
      // A discriminated union whose discriminator is missing or wrong: report the discriminator.
      const u = issue as z.core.$ZodIssueInvalidUnion;
      if (u.errors.length === 0 || (u as { note?: string }).note === "No matching discriminator") {
        const disc = (u as { discriminator?: string }).discriminator;
        const options = (u as { options?: unknown[] }).options;
        const f = disc && path[path.length - 1] !== disc ? fieldPath(prefix, [...path, disc]) : field;
        out.push({ field: f, ...(options ? { constraint: { enum: options } } : {}), message: issue.message });
        return;
      }
      out.push({ field, message: issue.message });
      return;
    }
    default:
      out.push({ field, message: issue.message });
  }
}

function regexSource(p: unknown): string {
  if (p instanceof RegExp) return p.source;
  const m = /^\/(.*)\/[a-z]*$/s.exec(String(p));
  return m ? m[1] : String(p);
}

function describeValue(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v;
}

export function invalidInput(
  errors: FieldError[],
  message = "The request has invalid fields",
  details?: Record<string, unknown>,
): ApiError {
  // A refusal that is not about one field (a state, a malformed body) carries no errors[] rather than an empty one.
  const all = errors.length > 0 ? { ...details, errors } : details;
  return new ApiError("INVALID_INPUT", message, all);
}

/**
 * NUL, which PostgreSQL text and jsonb cannot hold, and unpaired UTF-16 surrogates, which UTF-8
 * cannot encode (protocol.md "Amounts and text").
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching NUL is this pattern's purpose.
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Every string (value or key, at any depth) holding bad text, as FieldErrors. */
function badTextFields(value: unknown, prefix = ""): FieldError[] {
  const out: FieldError[] = [];
  const walk = (v: unknown, path: PropertyKey[]) => {
    if (typeof v === "string") {
      if (BAD_TEXT.test(v))
        out.push({
          field: fieldPath(prefix, path) || "(body)",
          message: "Must not contain NUL or unpaired surrogate characters",
        });
    } else if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) walk(x, [...path, i]);
    } else if (v !== null && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        if (BAD_TEXT.test(k))
          out.push({
            field: fieldPath(prefix, [...path, k.replace(BAD_TEXT, "\uFFFD")]),
            message: "Field names must not contain NUL or unpaired surrogate characters",
          });
        else walk(x, [...path, k]);
      }
    }
  };
  walk(value, []);
  return out;
}

/** For input no schema describes (path segments, query of an operation without one): bad text only. */
export function refuseBadText<T>(value: T, prefix = ""): T {
  const bad = badTextFields(value, prefix);
  if (bad.length) throw invalidInput(bad);
  return value;
}

/**
 * Parse `value` with `schema`; on failure throw 400 INVALID_INPUT listing every invalid field.
 * Bad text is refused here, once for every body, query and path of every operation.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, prefix = ""): z.output<S> {
  const bad = badTextFields(value, prefix);
  const result = schema.safeParse(value);
  if (result.success && bad.length === 0) return result.data;
  const errors = result.success
    ? bad
    : [...bad, ...toFieldErrors(result.error, prefix).filter((e) => !bad.some((b) => b.field === e.field))];
  throw invalidInput(errors);
}

/** The keys an object schema defines, through refinements and pipes (transforms). */
function objectKeys(schema: z.core.$ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return objectKeys(schema.in);
  return [];
}

/**
 * Query parameters: parsed with the operation's schema (none → no parameter is allowed). A parameter the
 * operation does not define is refused with 400 naming it, like an unknown body field: a filter we do
 * not know must not silently return everything. Every problem is listed at once.
 */
export function parseQuery(schema: z.ZodType | undefined, raw: Record<string, string | string[]>): unknown {
  const known = new Set(schema ? objectKeys(schema) : []);
  const unknown: FieldError[] = Object.keys(raw)
    .filter((k) => !known.has(k))
    .map((k) => ({ field: k, message: "Unknown query parameter" }));
  const result = schema?.safeParse(raw);
  const bad = badTextFields(raw);
  const errors = [
    ...bad,
    ...unknown,
    ...(result && !result.success
      ? toFieldErrors(result.error).filter((e) => !bad.some((b) => b.field === e.field))
      : []),
  ];
  if (errors.length > 0) throw invalidInput(errors, "The request has invalid query parameters");
  return result?.data;
}

/**
 * A boolean query parameter: exactly `true` or `false` (z.coerce.boolean would read "false" as true),
 * documented as OpenAPI's boolean (whose query form is that text).
 */
export const queryBoolean = z.stringbool({ truthy: ["true"], falsy: ["false"] }).meta({ type: "boolean" });
