import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { internalAccounts, quotes } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import { parseId } from "@/lib/shared/ids";
import type { Quote } from "./quote.contract";
import { toQuote } from "./quote-view";

/** A quote of the platform (and, for an agent, of its customer), or 404 QUOTE_NOT_FOUND. */
export async function getQuote(platformId: string, quoteId: string, customerScope?: string): Promise<Quote> {
  const uuid = parseId("Quote", quoteId);
  const db = await getDb();
  const where = [eq(quotes.id, uuid ?? "00000000-0000-0000-0000-000000000000"), eq(quotes.platformId, platformId)];
  if (customerScope) where.push(eq(quotes.customerId, customerScope));
  const [q] = uuid
    ? await db
        .select()
        .from(quotes)
        .where(and(...where))
    : [];
  if (!q) throw notFound("QUOTE_NOT_FOUND", "Quote", quoteId);
  const [src] = await db
    .select({ type: internalAccounts.type })
    .from(internalAccounts)
    .where(eq(internalAccounts.id, q.sourceAccountId));
  return toQuote(q, { embeddedWalletSource: src?.type === "EMBEDDED_WALLET" });
}
