import { invalidInput } from "@/lib/server/core/validation";

/** Pagination of a fixed in-memory table: the cursor is an opaque position, shaped like the other lists' `{data, hasMore, nextCursor?, totalCount}`. */
export function staticPage<T>(items: T[], q: { limit: number; cursor?: string }) {
  let start = 0;
  if (q.cursor !== undefined) {
    const m = /^p1:(\d{1,9})$/.exec(Buffer.from(q.cursor, "base64url").toString("utf8"));
    if (!m)
      throw invalidInput([{ field: "cursor", message: "Invalid cursor" }], "The cursor is not one this service issued");
    start = Number(m[1]);
  }
  const data = items.slice(start, start + q.limit);
  const hasMore = start + q.limit < items.length;
  return {
    data,
    hasMore,
    ...(hasMore ? { nextCursor: Buffer.from(`p1:${start + q.limit}`, "utf8").toString("base64url") } : {}),
    totalCount: items.length,
  };
}
