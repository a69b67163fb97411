import { ServiceError } from "@/lib/sdk";
import type { IntegratorUser } from "./current-user";
import { callService, client, IntegratorError, type ServiceResponse } from "./service";

/** What the wallet shows of a card: never more than the last four digits. */
export interface MaskedCard {
  id: string;
  brand?: string;
  last4?: string;
  expMonth?: number;
  expYear?: number;
  state: string;
  currency?: string;
}

/** The signed-in user's cards (the service lists them by cardholder). */
export async function myCards(user: IntegratorUser): Promise<MaskedCard[]> {
  const page = await client().listCards({ cardholderId: user.customerId, limit: 20 });
  return page.data.map((c) => ({
    id: c.id,
    brand: c.brand,
    last4: c.last4,
    expMonth: c.expMonth,
    expYear: c.expYear,
    state: c.state,
    currency: c.currency,
  }));
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
