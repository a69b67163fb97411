import { randomUUID } from "node:crypto";
import { ServiceError } from "@/lib/sdk";
import type { IntegratorUser } from "./current-user";
import { callService, client, IntegratorError, platformInfo, type ServiceResponse } from "./service";

/** What the wallet shows of a card: never more than the last four digits. */
export interface MaskedCard {
  id: string;
  brand?: string;
  last4?: string;
  expMonth?: number;
  expYear?: number;
  state: string;
  currency?: string;
  /** Smallest units per unit of `currency` (the wallet's currency, which funds the card). */
  decimals: number;
  /** Whether the card may pull from the wallet: an ACTIVE delegated key on its wallet funding source. */
  canPullFromWallet: boolean;
  /** The card's latest card transactions, newest first (purchases, declines with their reason). */
  activity: CardActivity[];
}

export interface CardActivity {
  id: string;
  status: string;
  merchant?: string;
  amount: number;
  currency: { code: string; decimals: number };
  declineReason?: string;
  at: string;
}

interface DelegatedKey {
  cardId: string;
  status: string;
}
export interface CardTransaction {
  id: string;
  status: string;
  merchant?: { descriptor?: string };
  authorizedAmount?: { amount: number; currency: { code: string; decimals: number } };
  settledAmount?: { amount: number; currency: { code: string; decimals: number } };
  declineReason?: string;
  authorizedAt?: string;
  createdAt: string;
}

const fail = (r: ServiceResponse, what: string): never => {
  const b = r.body as { code?: string; message?: string; details?: Record<string, unknown> } | null;
  throw new IntegratorError(r.status, b?.code ?? "SERVICE_ERROR", b?.message ?? `Could not ${what}`, b?.details);
};

/** The signed-in user's cards (the service lists them by cardholder), each with its wallet grant and activity. */
export async function myCards(user: IntegratorUser): Promise<MaskedCard[]> {
  const [page, keys, account] = await Promise.all([
    client().listCards({ cardholderId: user.customerId, limit: 20 }),
    callService<{ data: DelegatedKey[] }>("GET", "/auth/delegated-keys", {
      query: { accountId: user.accountId, limit: "100" },
    }),
    callService<{ balance: { currency: { code: string; decimals: number } } }>(
      "GET",
      `/internal-accounts/${encodeURIComponent(user.accountId)}`,
    ),
  ]);
  if (keys.status !== 200) fail(keys, "read the card grants");
  if (account.status !== 200) fail(account, "read the wallet");
  const granted = new Set(keys.body.data.filter((k) => k.status === "ACTIVE").map((k) => k.cardId));
  const walletCurrency = account.body.balance.currency;
  return Promise.all(
    page.data.map(async (c) => ({
      id: c.id,
      brand: c.brand,
      last4: c.last4,
      expMonth: c.expMonth,
      expYear: c.expYear,
      state: c.state,
      currency: c.currency,
      decimals: !c.currency || c.currency === walletCurrency.code ? walletCurrency.decimals : 2,
      canPullFromWallet: granted.has(c.id),
      activity: await cardActivity(c.id),
    })),
  );
}

async function cardActivity(cardId: string): Promise<CardActivity[]> {
  const r = await callService<{ data: CardTransaction[] }>("GET", "/transactions", {
    query: { type: "CARD", cardId, limit: "10", sortOrder: "desc" },
  });
  if (r.status !== 200) fail(r, "read the card's activity");
  return r.body.data.map(toCardActivity);
}

/** A card transaction as the wallet lists it: shop, amount (settled, else authorized), status, decline reason. */
export function toCardActivity(t: CardTransaction): CardActivity {
  const money = t.settledAmount && t.settledAmount.amount > 0 ? t.settledAmount : t.authorizedAmount;
  return {
    id: t.id,
    status: t.status,
    merchant: t.merchant?.descriptor,
    amount: money?.amount ?? 0,
    currency: money?.currency ?? { code: "USD", decimals: 2 },
    ...(t.declineReason ? { declineReason: t.declineReason } : {}),
    at: t.authorizedAt ?? t.createdAt,
  };
}

/** The card, if it is this user's; another user's card reads as not found. */
async function ownCard(user: IntegratorUser, cardId: string) {
  try {
    const card = await client().getCard(cardId);
    if (card.cardholderId !== user.customerId)
      throw new IntegratorError(404, "CARD_NOT_FOUND", `Card ${cardId} was not found`);
    return card;
  } catch (e) {
    if (e instanceof ServiceError) throw new IntegratorError(e.status, e.body.code, e.body.message);
    throw e;
  }
}

/**
 * Issue a virtual card funded by the user's wallet (the service checks KYC and the funding account). The card is
 * named by this backend (`platformCardId`, as a platform names its customers), ending in "-wallet": the sandbox
 * issuer decides a card's fate by the last three characters of that name (001 stays PROCESSING, 002 is rejected, 003
 * refuses the funding source), and ours ends in letters.
 */
export async function issueCard(user: IntegratorUser): Promise<ServiceResponse> {
  return callService("POST", "/cards", {
    body: {
      cardholderId: user.customerId,
      platformCardId: `card-${randomUUID()}-wallet`,
      form: "VIRTUAL",
      fundingSources: [user.accountId],
    },
  });
}

/**
 * Let the card pull from the wallet: Grid's delegated key, created in three signed-retry legs that the browser
 * signs with its session key (two 202 challenges, then 201). The body is rebuilt the same on every leg, with the
 * wallet account taken from the signed-in user, so the retries match.
 */
export async function grantWalletPull(
  user: IntegratorUser,
  cardId: string,
  headers: { signature: string | null; requestId: string | null },
): Promise<ServiceResponse> {
  const card = await ownCard(user, cardId);
  return callService("POST", "/auth/delegated-keys", {
    body: { cardId: card.id, internalAccountId: user.accountId, nickname: `Card ending ${card.last4 ?? ""}`.trim() },
    ...headers,
  });
}

const STATES = ["ACTIVE", "FROZEN", "CLOSED"] as const;

/** Freeze, unfreeze or close one of the user's cards. */
export async function setCardState(user: IntegratorUser, cardId: string, state: unknown): Promise<ServiceResponse> {
  if (!STATES.includes(state as (typeof STATES)[number]))
    throw new IntegratorError(400, "INVALID_INPUT", `state: one of ${STATES.join(", ")}`, {
      errors: [{ field: "state", message: `One of ${STATES.join(", ")}` }],
    });
  const card = await ownCard(user, cardId);
  return callService("PATCH", `/cards/${encodeURIComponent(card.id)}`, { body: { state } });
}

/**
 * Sandbox only: a merchant authorizes a purchase on the card (Grid's simulate/authorization), and an approved one
 * is captured at once (simulate/clearing), as a shop's sale would be. A decline is recorded by the service with
 * its reason; the page shows it in the card's activity.
 */
export async function simulatePurchase(
  user: IntegratorUser,
  cardId: string,
  input: { amount?: unknown; merchant?: unknown },
): Promise<{ status: string; declineReason?: string }> {
  if ((await platformInfo()).environment !== "SANDBOX")
    throw new IntegratorError(403, "SANDBOX_ONLY", "Simulated purchases exist on sandbox platforms only");
  const amount = Number(input.amount);
  const merchant = String(input.merchant ?? "").trim();
  const errors = [
    ...(Number.isSafeInteger(amount) && amount > 0 ? [] : [{ field: "amount", message: "A positive amount" }]),
    ...(merchant.length > 0 && merchant.length <= 200 ? [] : [{ field: "merchant", message: "The shop's name" }]),
  ];
  if (errors.length > 0)
    throw new IntegratorError(400, "INVALID_INPUT", "Enter the shop and a positive amount", { errors });
  const card = await ownCard(user, cardId);
  // The service answers the card transaction the authorization made (approved or declined).
  const auth = await callService<{ id: string; status: string; declineReason?: string }>(
    "POST",
    `/sandbox/cards/${encodeURIComponent(card.id)}/simulate/authorization`,
    { body: { amount, currency: { code: card.currency ?? "USD" }, merchant: { descriptor: merchant } } },
  );
  if (auth.status !== 202) fail(auth, "simulate the purchase");
  if (auth.body.status === "AUTHORIZED") {
    const cleared = await callService("POST", `/sandbox/cards/${encodeURIComponent(card.id)}/simulate/clearing`, {
      body: { cardTransactionId: auth.body.id, amount },
    });
    if (cleared.status !== 202) fail(cleared, "capture the purchase");
    return { status: "SETTLED" };
  }
  return {
    status: auth.body.status,
    ...(auth.body.declineReason ? { declineReason: auth.body.declineReason } : {}),
  };
}

/**
 * Reveal one of the user's cards to their browser. A card funded by the user's wallet is relayed as a signed retry
 * (`walletSigned`): the service answers 202 and the browser signs payloadToSign with its session key (the stamp
 * and Request-Id come back through `headers` untouched); 202, PROCESSING and errors are relayed as they are.
 * Once the service answers the single-use reveal URL, this backend spends it in its sealed form with the
 * browser's transport key, so it only ever holds ciphertext. Another user's card reads as not found.
 */
export async function revealMyCard(
  user: IntegratorUser,
  cardId: string,
  clientPublicKey: unknown,
  headers: { signature: string | null; requestId: string | null },
): Promise<ServiceResponse> {
  if (typeof clientPublicKey !== "string" || !/^[0-9a-fA-F]{66,130}$/.test(clientPublicKey)) {
    throw new IntegratorError(400, "INVALID_INPUT", "clientPublicKey: a P-256 public key in hex");
  }
  try {
    const card = await client().getCard(cardId);
    if (card.cardholderId !== user.customerId)
      throw new IntegratorError(404, "CARD_NOT_FOUND", `Card ${cardId} was not found`);
    // A card the user's wallet funds is revealed under the wallet's own signature (walletSigned); the platform
    // credential alone reveals any other card of theirs.
    const walletSigned = card.fundingSources.includes(user.accountId);
    const r = await callService<{ panEmbedUrl?: string }>("POST", `/cards/${encodeURIComponent(card.id)}/reveal`, {
      ...headers,
      body: walletSigned ? { walletSigned } : undefined,
    });
    if (r.status !== 200 || typeof r.body?.panEmbedUrl !== "string") return r;
    return { status: 200, body: await client().openCardReveal(r.body.panEmbedUrl, clientPublicKey) };
  } catch (e) {
    if (e instanceof ServiceError) throw new IntegratorError(e.status, e.body.code, e.body.message);
    throw e;
  }
}
