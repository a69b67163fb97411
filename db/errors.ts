/** True when `e` (postgres-js or PGlite) is a unique violation, optionally of the named constraint. */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const err = findPgError(e);
  if (err?.code !== "23505") return false;
  if (!constraint) return true;
  return (
    err.constraint_name === constraint ||
    err.constraint === constraint ||
    String(err.message ?? "").includes(constraint)
  );
}

interface PgErr {
  name?: string;
  code?: string;
  constraint_name?: string;
  constraint?: string;
  table_name?: string;
  column_name?: string;
  message?: string;
}

/**
 * What may be logged of a database error: its class, SQLSTATE code, constraint, table and column.
 * Never the message, detail or query parameters (they carry emails, names, account numbers), and
 * never the wrapper's stack, whose first line repeats the query and its parameters.
 */
export function pgErrorFields(e: unknown): Record<string, string> | null {
  const err = findPgError(e);
  if (!err) return null;
  const out: Record<string, string> = { errorClass: err.name ?? "DatabaseError", code: err.code ?? "unknown" };
  const constraint = err.constraint_name ?? err.constraint;
  if (constraint) out.constraint = constraint;
  if (err.table_name) out.table = err.table_name;
  if (err.column_name) out.column = err.column_name;
  return out;
}

function findPgError(e: unknown): PgErr | null {
  let cur: unknown = e;
  for (let i = 0; i < 5 && cur && typeof cur === "object"; i++) {
    const c = cur as PgErr & { cause?: unknown };
    if (typeof c.code === "string" && /^[0-9A-Z]{5}$/.test(c.code)) return c;
    cur = c.cause;
  }
  return null;
}

/**
 * The fields of an unexpected error that go to the log: a database error reduced as above, any other
 * error its class, message and stack.
 */
export function errorFields(err: unknown): Record<string, unknown> {
  const db = pgErrorFields(err);
  if (db) return db;
  if (err instanceof Error) return { errorClass: err.name, message: err.message, stack: err.stack };
  return { errorClass: typeof err };
}
