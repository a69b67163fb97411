import type { InternalAccount, Quote, Transaction } from "@/lib/sdk/types";
import { type CardTransaction, toCardActivity } from "./cards";
import type { IntegratorUser } from "./current-user";
import { callService, IntegratorError, type ServiceResponse } from "./service";

/**
 * The wallet home's money: the wallet account (balance), the customer's payment address (its UMA address), and the
 * transactions on the wallet account, newest first (payments, and card purchases paid from it). One read the page polls for live updates.
 */
export async function walletOverview(user: IntegratorUser) {
  const [account, customer, txs, cardTxs] = await Promise.all([
    callService<InternalAccount>("GET", `/internal-accounts/${encodeURIComponent(user.accountId)}`),
    callService<{ umaAddress?: string }>("GET", `/customers/${encodeURIComponent(user.customerId)}`),
    callService<{ data: Transaction[]; totalCount: number }>("GET", "/transactions", {
      query: { accountIdentifier: user.accountId, limit: "25", sortOrder: "desc" },
    }),
    // The customer's card transactions, declines included (a decline may have pulled from no account).
    callService<{ data: CardTransaction[] }>("GET", "/transactions", {
      query: { type: "CARD", customerId: user.customerId, limit: "25", sortOrder: "desc" },
    }),
  ]);
  for (const r of [account, customer, txs, cardTxs]) failUnlessOk(r);
  return {
    account: account.body,
    address: customer.body.umaAddress ?? null,
    transactions: txs.body.data.filter((t) => "sentAmount" in t),
    // Card purchases paid from the wallet (and declines, with their reason), listed beside the payments.
    cardPurchases: cardTxs.body.data.map(toCardActivity),
    totalTransactions: txs.body.totalCount,
  };
}

function failUnlessOk(r: ServiceResponse): void {
  if (r.status >= 400) {
    const b = r.body as { code?: string; message?: string } | null;
    throw new IntegratorError(r.status, b?.code ?? "SERVICE_ERROR", b?.message ?? `The service answered ${r.status}`);
  }
}

/**
 * A quote from the wallet to one of the user's external accounts. The wallet's customer records consent to the
 * current end-user terms the first time (the site's sign-in states them), then the quote is asked again.
 */
export async function quoteToExternal(
  user: IntegratorUser,
  input: {
    externalAccountId: string;
    amount: number;
    side: "SENDING" | "RECEIVING";
    description?: string;
    ipAddress: string;
  },
) {
  const body = {
    source: { sourceType: "ACCOUNT", accountId: user.accountId },
    destination: { destinationType: "ACCOUNT", accountId: input.externalAccountId },
    lockedCurrencySide: input.side,
    lockedCurrencyAmount: input.amount,
    ...(input.description ? { description: input.description.slice(0, 200) } : {}),
  };
  return postQuote(user, body, input.ipAddress);
}

/**
 * A quote from the wallet to an UMA address: the receiver is looked up first (its lookupId, accepted currencies and
 * limits), then quoted with Grid's `UMA_ADDRESS` destination in the receiver's first currency (or the one asked for).
 * The receiving amount's limits are checked by the service (400 with the field).
 */
export async function quoteToUma(
  user: IntegratorUser,
  input: { umaAddress: string; currency?: string; amount: number; side: "SENDING" | "RECEIVING"; ipAddress: string },
) {
  const address = input.umaAddress.trim().startsWith("$") ? input.umaAddress.trim() : `$${input.umaAddress.trim()}`;
  const lookup = await callService<{ lookupId: string; supportedCurrencies: { currency: { code: string } }[] }>(
    "GET",
    `/receiver/uma/${encodeURIComponent(address)}`,
    { query: { customerId: user.customerId } },
  );
  if (lookup.status !== 200) return lookup;
  const body = {
    lookupId: lookup.body.lookupId,
    source: { sourceType: "ACCOUNT", accountId: user.accountId },
    destination: {
      destinationType: "UMA_ADDRESS",
      umaAddress: address,
      ...(input.currency ? { currency: input.currency } : {}),
    },
    lockedCurrencySide: input.side,
    lockedCurrencyAmount: input.amount,
  };
  return postQuote(user, body, input.ipAddress);
}

/** POST /quotes; the wallet's customer records consent to the current end-user terms the first time, then asks again. */
export async function postQuote(user: IntegratorUser, body: unknown, ipAddress: string) {
  let r = await callService<Quote>("POST", "/quotes", { body });
  if (r.status === 403 && (r.body as { code?: string }).code === "END_USER_TERMS_NOT_ACCEPTED") {
    await acceptTerms(user, ipAddress);
    r = await callService<Quote>("POST", "/quotes", { body });
  }
  return r;
}

async function acceptTerms(user: IntegratorUser, ipAddress: string): Promise<void> {
  const terms = await callService<{ version: string }>("GET", "/customers/end-user-terms");
  failUnlessOk(terms);
  const r = await callService("PATCH", `/customers/${encodeURIComponent(user.customerId)}`, {
    body: {
      endUserTermsConsent: {
        termsVersion: terms.body.version,
        acceptedAt: new Date().toISOString(),
        acceptanceMethod: "CLICK_TO_ACCEPT",
        ipAddress,
      },
    },
  });
  failUnlessOk(r);
}

/** The quote must come from this user's wallet account; otherwise it answers like a missing one. */
export async function assertOwnQuote(user: IntegratorUser, quoteId: string): Promise<void> {
  const r = await callService<Quote>("GET", `/quotes/${encodeURIComponent(quoteId)}`);
  const source = r.status === 200 ? (r.body.source as { accountId?: string } | undefined) : undefined;
  if (source?.accountId !== user.accountId)
    throw new IntegratorError(404, "QUOTE_NOT_FOUND", `No quote ${quoteId} from your wallet`);
}

/** A transaction on this user's wallet account, or 404. */
export async function ownTransaction(user: IntegratorUser, id: string): Promise<Transaction> {
  const r = await callService<Transaction>("GET", `/transactions/${encodeURIComponent(id)}`);
  const t = r.body as Transaction & { source?: { accountId?: string }; destination?: { accountId?: string } };
  if (r.status !== 200 || (t.source?.accountId !== user.accountId && t.destination?.accountId !== user.accountId)) {
    throw new IntegratorError(404, "TRANSACTION_NOT_FOUND", `No transaction ${id} on your wallet`);
  }
  return t;
}
