import { pgErrorFields } from "@/db/errors";

/**
 * The fields of an unexpected error that go to the log. A database error is reduced to its class,
 * code and constraint (db/errors.ts); any other error keeps its class, message and stack.
 */
export function errorFields(err: unknown): Record<string, unknown> {
  const db = pgErrorFields(err);
  if (db) return db;
  if (err instanceof Error) return { errorClass: err.name, message: err.message, stack: err.stack };
  return { errorClass: typeof err };
}
