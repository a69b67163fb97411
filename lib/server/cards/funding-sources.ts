import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { internalAccounts } from "@/db/schema";
import { ApiError } from "@/lib/server/core/errors";
import { parseId } from "@/lib/shared/ids";
import { defined } from "@/lib/shared/invariant";
import { cardCurrencyFor } from "./card-currency";

/** Currencies a card's funding account may hold (Grid: USDB in v1; a USDB or USDC account funds a USD card). */
const CARD_CURRENCIES = ["USD", "EUR", "GBP", "USDB", "USDC"];

const ineligible = (id: string, why: string) =>
  new ApiError("FUNDING_SOURCE_INELIGIBLE", `Funding source ${id.slice(0, 120)} is ineligible: ${why}`, {
    fundingSource: id.slice(0, 120),
  });

/**
 * The cardholder's funding sources as uuids in the given order: each an ACTIVE internal account of the
 * cardholder, all in one card-eligible currency, and the currency the card transacts in (`card-currency.ts`), which
 * must be `cardCurrency` when the card already has one. Anything else — another
 * customer's or platform's account, an unknown id — is 400 FUNDING_SOURCE_INELIGIBLE. No sandbox rule reads an
 * account id: this service mints them, so the tester cannot choose one (sandboxFundingRefusal).
 */
export async function resolveFundingSources(
  db: DbOrTx,
  input: { platformId: string; customerId: string; ids: string[]; cardCurrency?: string },
): Promise<{ uuids: string[]; currency: string }> {
  const uuids = input.ids.map((id) => {
    const u = parseId("InternalAccount", id);
    if (!u) throw ineligible(id, "not an internal account id");
    return u;
  });
  if (new Set(uuids).size !== uuids.length) throw ineligible(input.ids[0], "listed twice");
  const rows = await db
    .select()
    .from(internalAccounts)
    .where(
      and(
        inArray(internalAccounts.id, uuids),
        eq(internalAccounts.platformId, input.platformId),
        eq(internalAccounts.customerId, input.customerId),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  let funding: string | undefined;
  input.ids.forEach((id, i) => {
    const a = byId.get(uuids[i]);
    if (!a) throw ineligible(id, "not an internal account of the cardholder");
    if (a.status !== "ACTIVE") throw ineligible(id, `account is ${a.status}`);
    if (!CARD_CURRENCIES.includes(a.currency)) throw ineligible(id, `${a.currency} is not a card currency`);
    funding ??= a.currency;
    if (a.currency !== funding) throw ineligible(id, `denominated in ${a.currency}, not ${funding}`);
    if (input.cardCurrency && cardCurrencyFor(a.currency) !== input.cardCurrency)
      throw ineligible(id, `${a.currency} does not fund a ${input.cardCurrency} card`);
  });
  return {
    uuids,
    currency: cardCurrencyFor(defined(funding, "the currency of a non-empty list of funding sources")),
  };
}

/**
 * Sandbox: Grid's cards sandbox page refuses a funding source by the last three characters of its accountId (002, 003).
 * Account ids are minted by this service, so that rule would strike at random: the card's outcome key decides instead
 * (the name the partner gave, card-processor.ts), and only 003, since 002 of that key is the issuer's rejection.
 */
export function sandboxFundingRefusal(outcomeKey: string, ids: string[]): ApiError | null {
  return outcomeKey.endsWith("003") ? ineligible(ids[0], "sandbox outcome 003 of the card's platformCardId") : null;
}
