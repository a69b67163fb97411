import type { ServiceClient } from "@/lib/sdk";

type CustomerPage = Awaited<ReturnType<ServiceClient["listCustomers"]>>;
type Customer = CustomerPage["data"][number];
type ListQuery = NonNullable<Parameters<ServiceClient["listCustomers"]>[0]>;

/** How many customers one search reads at most (fifty pages of the list's largest page). */
const SEARCH_SCAN_LIMIT = 5000;
const BATCH = 100;

const fold = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
const digits = (s: string) => s.replace(/\D/g, "");

/** Whether a customer matches what an operator typed: part of its name, its email, or its phone number. */
export function customerMatches(c: Customer, query: string): boolean {
  const q = fold(query);
  if (!q) return false;
  const record = c as Record<string, unknown>;
  const business = record.businessInfo as { legalName?: string } | undefined;
  const texts = [record.fullName, business?.legalName, record.email, record.platformCustomerId, record.umaAddress]
    .filter((v): v is string => typeof v === "string")
    .map(fold);
  if (texts.some((t) => t.includes(q))) return true;
  const qd = digits(query);
  // A phone number typed with spaces, dashes or without its "+" still matches (at least 6 digits, not a name).
  return qd.length >= 6 && /^[\d\s()+.-]+$/.test(query) && digits(String(record.phoneNumber ?? "")).includes(qd);
}

/**
 * Search by what an operator knows (name, email, phone). Grid's GET /customers filters only by ids, UMA address,
 * type, region, currency and dates (no name, email or phone), so the console's own backend does it: it reads
 * the customers (oldest first, as the list answers) a page of 100 at a time through the SDK (with the page's other filters) and keeps the
 * matches, reading at most SEARCH_SCAN_LIMIT customers. `complete` is false when later customers were not read.
 */
export async function findCustomers(
  client: ServiceClient,
  query: string,
  filters: Omit<ListQuery, "limit" | "cursor">,
  max = 100,
): Promise<{ data: Customer[]; scanned: number; complete: boolean }> {
  const data: Customer[] = [];
  let cursor: string | undefined;
  let scanned = 0;
  for (;;) {
    const page = await client.listCustomers({ ...filters, limit: BATCH, ...(cursor ? { cursor } : {}) });
    scanned += page.data.length;
    for (const c of page.data) if (customerMatches(c, query) && data.length < max) data.push(c);
    cursor = page.hasMore && page.nextCursor ? page.nextCursor : undefined;
    if (!cursor) return { data, scanned, complete: true };
    if (scanned >= SEARCH_SCAN_LIMIT || data.length >= max) return { data, scanned, complete: false };
  }
}
