/**
 * A value the code's own invariants guarantee (a row column the query filtered on, a key the map was built from).
 * A miss is a programming error: it throws (the handler answers 500 INTERNAL_ERROR) instead of letting `undefined`
 * travel on under a type that says otherwise.
 */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`invariant: ${what} is missing`);
  return value;
}
