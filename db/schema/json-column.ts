import type { Column } from "drizzle-orm";
import { customType } from "drizzle-orm/pg-core";
import { z } from "zod";

/** The parsers of the columns `json` made, by the function the column decodes with. */
const schemas = new WeakMap<object, z.ZodType>();

/**
 * A jsonb column whose values are `schema`'s: written as JSON text, as drizzle's own jsonb writes it, and parsed with
 * `schema` when a row is read, so a row's JSON is checked once, where it leaves the database, and typed from there on.
 * test/contract/jsonb-columns.test.ts keeps every jsonb column of db/schema made this way.
 */
export function json<S extends z.ZodType>(name: string, schema: S) {
  const fromDriver = (value: unknown): z.output<S> => {
    let parsed = value;
    // A driver may hand jsonb over as text: read as drizzle's own jsonb reads it.
    if (typeof value === "string") {
      try {
        parsed = JSON.parse(value);
      } catch {}
    }
    return schema.parse(parsed);
  };
  schemas.set(fromDriver, schema);
  return customType<{ data: z.output<S>; driverData: unknown }>({
    dataType: () => "jsonb",
    toDriver: (value) => JSON.stringify(value),
    fromDriver,
  })(name);
}

/** The schema a jsonb column's values are parsed with on read; undefined for a column `json` did not make. */
export function jsonSchemaOf(column: Column): z.ZodType | undefined {
  const decoder: unknown = Reflect.get(column, "mapFrom");
  return typeof decoder === "function" ? schemas.get(decoder) : undefined;
}

/** A JSON object whose members the code that reads it checks (an operation's context, a contract-checked body). */
export const jsonObject = z.record(z.string(), z.unknown());
export const stringList = z.array(z.string());
export const stringMap = z.record(z.string(), z.string());
