/** True when `e` (postgres-js or PGlite) is a unique violation, optionally of the named constraint. */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const err = findPgError(e);
  if (!err || err.code !== "23505") return false;
  if (!constraint) return true;
  return err.constraint_name === constraint || err.constraint === constraint || String(err.message ?? "").includes(constraint);
}

interface PgErr {
  code?: string;
  constraint_name?: string;
  constraint?: string;
  message?: string;
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
