/**
 * The wallet's card view: masked cards from the integrator backend, and a reveal whose details are sealed to a
 * fresh, non-extractable transport key of this browser and opened here (the export bundle format, verified
 * against the pinned enclave key and the platform's organizationId).
 */
import type { MaskedCard } from "../backend/cards";
import { api, ok } from "./api";
import { openExport } from "./bundles";
import { generateTransportKey } from "./keys";

/** What the integrator backend answers for a card (last four digits only). */
export type WalletCard = MaskedCard;

export interface CardDetails {
  pan: string;
  cvv: string;
  expMonth: number;
  expYear: number;
}

export const listMyCards = async () => ok(await api<{ data: WalletCard[] }>("GET", "/cards")).body.data;

export async function revealMyCard(cardId: string, pinnedEnclavePublicHex: string, organizationId: string): Promise<CardDetails> {
  const transport = await generateTransportKey();
  const sealed = ok(
    await api<{ encryptedCardDetails: string }>("POST", `/cards/${encodeURIComponent(cardId)}/reveal`, { body: { clientPublicKey: transport.publicKeyHex } }),
  ).body;
  return JSON.parse(await openExport(sealed.encryptedCardDetails, transport, pinnedEnclavePublicHex, organizationId)) as CardDetails;
}
