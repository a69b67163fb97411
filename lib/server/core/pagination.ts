import { invalidInput } from "./validation";
import { z } from "zod";

/** `limit` (1–100, default 20) and an opaque `cursor`, shared by every list endpoint (Grid's names). */
export const paginationQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

/** Grid's page: `{data, hasMore, nextCursor?, totalCount}`; totalCount counts every match, not this page. */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    hasMore: z.boolean(),
    nextCursor: z.string().optional().describe("Present when hasMore is true"),
    totalCount: z.number().int().describe("Number of items matching the filters (excluding pagination)"),
  });
}

export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor?: string;
  totalCount: number;
}

/** A filter that can match nothing (an unknown or foreign id): the empty page. */
export function emptyPage<T = never>(): Page<T> {
  return { data: [], hasMore: false, totalCount: 0 };
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
    throw invalidInput([{ field: "cursor", message: "Invalid cursor" }], "The cursor is not one this service issued");
  }
  return m[1];
}
