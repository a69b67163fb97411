/**
 * The wallet's card view: masked cards from the integrator backend, and a reveal whose details are sealed to a
 * fresh, non-extractable transport key of this browser and opened here (the export bundle format, verified
 * against the pinned enclave key and the platform's organizationId).
 */
import type { MaskedCard } from "../backend/cards";
import { api, ok, signedRequest, type Progress } from "./api";
import { openExport } from "./bundles";
import { currentSigner } from "./flows";
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

/**
 * One transport key per reveal; a wallet-funded card answers 202 first and the SDK's signed-retry loop stamps
 * payloadToSign with this browser's session key (a card funded otherwise answers the sealed details at once).
 */
export async function revealMyCard(
  cardId: string,
  pinnedEnclavePublicHex: string,
  organizationId: string,
  onProgress?: (p: Progress) => void,
): Promise<CardDetails> {
  const transport = await generateTransportKey();
  const sealed = await signedRequest<{ encryptedCardDetails: string }>(
    "POST",
    `/cards/${encodeURIComponent(cardId)}/reveal`,
    { clientPublicKey: transport.publicKeyHex },
    currentSigner,
    onProgress,
  );
  return JSON.parse(
    await openExport(sealed.encryptedCardDetails, transport, pinnedEnclavePublicHex, organizationId),
  ) as CardDetails;
}

/** Issue a virtual card funded by the wallet. */
export const issueCard = async () => ok(await api<{ id: string; last4?: string }>("POST", "/cards")).body;

/** Freeze (FROZEN), unfreeze (ACTIVE) or close (CLOSED) a card. */
export const setCardState = async (cardId: string, state: "ACTIVE" | "FROZEN" | "CLOSED") =>
  ok(await api<{ state: string }>("PATCH", `/cards/${encodeURIComponent(cardId)}`, { body: { state } })).body;

/** Sandbox: a shop's purchase on the card; answers whether it was approved, or the decline's reason. */
export const simulatePurchase = async (cardId: string, amount: number, merchant: string) =>
  ok(
    await api<{ status: string; declineReason?: string }>("POST", `/cards/${encodeURIComponent(cardId)}/purchase`, {
      body: { amount, merchant },
    }),
  ).body;

/**
 * Let the card pull from the wallet (Grid's delegated key): three legs, each challenge signed with this browser's
 * session key — 202 (create the key's user), 202 (its policy), then 201 with the key ACTIVE — through the SDK's one
 * signed-retry loop, which signs each leg's challenge in turn.
 */
export async function grantWalletPull(cardId: string, onProgress?: (p: Progress) => void): Promise<void> {
  await signedRequest("POST", `/cards/${encodeURIComponent(cardId)}/grant`, {}, currentSigner, onProgress, {
    maxChallenges: 2,
  });
}
