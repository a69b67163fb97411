/**
 * A console list's URL state: the filters, the cursor of the page shown, and the trail of cursors of the pages
 * before it (so "Previous" works over the service's forward-only cursors). Everything lives in the query string,
 * so a list view can be bookmarked, shared and reloaded.
 */
export type SearchParams = Record<string, string | string[] | undefined>;

export const PAGE_SIZE = 20;

export function param(sp: SearchParams, name: string): string | undefined {
  const v = sp[name];
  const s = (Array.isArray(v) ? v[0] : v)?.trim();
  return s ? s : undefined;
}

/** The page's cursor and the trail of the earlier pages' cursors ("_" stands for the first page, which has none). */
export function cursorState(sp: SearchParams): { cursor?: string; trail: string[] } {
  const cursor = param(sp, "cursor");
  return { cursor, trail: cursor === undefined ? [] : (param(sp, "trail") ?? "_").split(" ").filter(Boolean) };
}

/** The href of the same list with other query values (undefined removes one). */
export function withParams(path: string, sp: SearchParams, changes: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(sp)) {
    const s = Array.isArray(v) ? v[0] : v;
    if (s !== undefined && s !== "" && k !== "msg" && k !== "detail") q.set(k, s);
  }
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined || v === "") q.delete(k);
    else q.set(k, v);
  }
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** Links to the next and previous pages, given the page the service answered. */
export function pageLinks(path: string, sp: SearchParams, page: { hasMore?: boolean; nextCursor?: string | null }) {
  const { cursor, trail } = cursorState(sp);
  const next =
    page.hasMore && page.nextCursor
      ? withParams(path, sp, { cursor: page.nextCursor, trail: [...trail, cursor ?? "_"].join(" ") })
      : undefined;
  let previous: string | undefined;
  if (cursor !== undefined) {
    const prev = trail[trail.length - 1] ?? "_";
    previous = withParams(
      path,
      sp,
      prev === "_" ? { cursor: undefined, trail: undefined } : { cursor: prev, trail: trail.slice(0, -1).join(" ") },
    );
  }
  return { next, previous, pageNumber: trail.length + 1 };
}
