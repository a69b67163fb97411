/**
 * Every jsonb column of db/schema is made by db/schema/json-column.ts `json`: typed by a zod schema, and parsed with
 * it when a row is read, so that no code reads a row's JSON unchecked.
 */
import { getTableColumns, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "@/db/schema";
import { jsonSchemaOf } from "@/db/schema/json-column";

const jsonbColumns = Object.entries(schema).flatMap(([table, value]) =>
  is(value, PgTable)
    ? Object.entries(getTableColumns(value))
        .filter(([, column]) => column.getSQLType() === "jsonb")
        .map(([key, column]) => ({ at: `${table}.${key}`, column }))
    : [],
);

describe("jsonb columns", () => {
  it("every one has a zod schema that its values are parsed with on read", () => {
    expect(jsonbColumns.length).toBeGreaterThan(20);
    expect(jsonbColumns.filter(({ column }) => !jsonSchemaOf(column)).map(({ at }) => at)).toEqual([]);
  });

  it("a row's JSON is parsed with its column's schema, as text or as the driver's value", () => {
    const signer = schema.signedRequests.signer;
    const rule = { kind: "KEY", publicKey: "02ab" };
    expect(signer.mapFromDriverValue(JSON.stringify(rule))).toEqual(rule);
    expect(signer.mapFromDriverValue(rule)).toEqual(rule);
    expect(() => signer.mapFromDriverValue({ kind: "ANYONE" })).toThrow();
    expect(signer.mapToDriverValue({ kind: "KEY", publicKey: "02ab" })).toBe(JSON.stringify(rule));
  });
});
