import { z } from "zod";
import { ApiError } from "./errors";

/** `limit` (1–100, default 20) and an opaque `cursor`, shared by every list endpoint. */
export const paginationQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    hasMore: z.boolean(),
    nextCursor: z.string().optional(),
  });
}

/** Cursors are base64url of the last row's uuid (UUIDv7 ids sort by creation). */
export function encodeCursor(uuid: string): string {
  return Buffer.from(`v1:${uuid}`, "utf8").toString("base64url");
}

export function decodeCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const m = /^v1:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(text);
  if (!m) {
    throw new ApiError("INVALID_INPUT", "The cursor is not one this service issued", {
      errors: [{ field: "cursor", message: "Invalid cursor" }],
    });
  }
  return m[1];
}

/** Given `limit + 1` rows fetched in id order, build `{data, hasMore, nextCursor?}`. */
export function page<R extends { id: string }, T>(rows: R[], limit: number, map: (r: R) => T) {
  const hasMore = rows.length > limit;
  const slice = hasMore ? rows.slice(0, limit) : rows;
  const out: { data: T[]; hasMore: boolean; nextCursor?: string } = { data: slice.map(map), hasMore };
  if (hasMore) out.nextCursor = encodeCursor(slice[slice.length - 1].id);
  return out;
}
