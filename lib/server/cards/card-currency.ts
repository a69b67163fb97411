import { decimalsOf } from "@/lib/server/money/currencies";

/**
 * Dollar stablecoins fund dollar cards: a card bound to a USDB (or USDC) account transacts in USD, and its USD
 * amounts pull the account one for one (Grid's cards quickstart and sandbox page: a USDB-funded card authorizes
 * `{"amount":1250,"currency":{"code":"USD"}}`; protocol.md "Grid's documentation pages count as its contract too").
 */
const DOLLAR_TOKENS = new Set(["USDB", "USDC"]);

/** The currency a card transacts in, given the one currency its funding sources share. */
export function cardCurrencyFor(fundingCurrency: string): string {
  return DOLLAR_TOKENS.has(fundingCurrency) ? "USD" : fundingCurrency;
}

/**
 * 10^(funding decimals − card decimals): what one minor unit of the card's currency is in the funding account's
 * minor units. The pairs a card can have are the same currency or a 6-decimal dollar token behind USD (2 decimals),
 * so this is a whole number and card amounts convert exactly.
 */
function unitRatio(cardCurrency: string, fundingCurrency: string): bigint {
  return 10n ** BigInt(Math.max(0, decimalsOf(fundingCurrency) - decimalsOf(cardCurrency)));
}

/** A card amount (minor units of the card's currency) in the funding account's minor units, exactly. */
export function toFundingUnits(amount: bigint, cardCurrency: string, fundingCurrency: string): bigint {
  return amount * unitRatio(cardCurrency, fundingCurrency);
}

/** A funding balance in the card's minor units, rounded down (a fraction of a cent never covers a cent). */
export function toCardUnits(balance: bigint, cardCurrency: string, fundingCurrency: string): bigint {
  return balance / unitRatio(cardCurrency, fundingCurrency);
}
