import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { cardReveals, cards, customers, internalAccounts, platforms, scaStates } from "@/db/schema";
import { ApiError, notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { reply } from "@/lib/server/core/reply";
import { formatId } from "@/lib/shared/ids";
import { checkScaSession } from "@/lib/server/sca/check-sca-session";
import { runSignedRetry } from "@/lib/server/signed-retry/run-signed-retry";
import {
  REQUEST_ID_HEADER,
  SIGNATURE_HEADER,
  type SignedCall,
  type SignedOperation,
} from "@/lib/server/signed-retry/signed-operation";
import { openCardSecrets } from "./card-secrets";
import type { CardRow } from "./card-view";
import { findCardOrThrow } from "./find-card";
import { publicOrigin } from "@/lib/shared/config/env";

/** How long a reveal URL loads (Grid: "within minutes"; protocol.md: at most 5). */
const REVEAL_TTL_MS = 5 * 60_000;
const digest = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** The path of the reveal page on this service (app/api/card-reveal/[token]: outside the pages' proxy, which forbids all framing). */
const revealPath = (token: string) => `/api/card-reveal/${token}`;

export interface RevealInput {
  platform: PlatformPrincipal;
  cardId: string;
  /** Body `{"walletSigned": true}` (our addition): the cardholder's wallet signs the reveal (the wallet's own read). */
  walletSigned: boolean;
}

/**
 * POST /cards/{id}/reveal: a single-use bearer URL (256 random bits; only its digest is stored) to the page
 * that shows the number and CVV. The API body never carries the PAN. As Grid answers it, on the platform credential
 * alone: 200 at once for every card. A wallet may instead ask for the reveal under its own signature
 * (`walletSigned`, or any call carrying the signed-retry headers): the signed retry below. Every path is SCA-railed
 * (protocol.md "Cards": a cardholder in an SCA region needs a live SCA session, else 409 SCA_SESSION_REQUIRED, the
 * rail quotes use): the wallet's signature proves a session of the wallet, not the customer's strong authentication,
 * so it does not stand in for it. revealableCard holds the rail, and every path reads the card through it.
 */
export async function revealCard(call: SignedCall<RevealInput>) {
  const signed = call.headers.get(SIGNATURE_HEADER) !== null || call.headers.get(REQUEST_ID_HEADER) !== null;
  if (signed || call.input.walletSigned) return runSignedRetry(revealCardSignedOperation, call);
  const db = await getDb();
  const card = await revealableCard(db, call.input);
  return reply(200, await mintReveal(db, card));
}

/**
 * The signed reveal (protocol.md "Signed retry"): signed by an active session of the card's EMBEDDED_WALLET
 * funding source; `parameters` bind the card and the wallet. The terminal 200 is Grid's `{panEmbedUrl, expiresAt}`,
 * a bearer secret, so like export nothing of it is stored: an identical re-send mints a fresh single-use URL.
 */
const revealCardSignedOperation: SignedOperation<RevealInput, { walletId: string }> = {
  name: "cards.reveal",
  activityType: "ACTIVITY_TYPE_REVEAL_CARD",
  resealOnReplay: true,
  async prepare(input, db) {
    const card = await revealableCard(db, input);
    const wallet = await walletFundingSource(db, card);
    // Only a wallet among the card's funding sources can sign; the platform credential alone reveals the others.
    if (!wallet) throw new ApiError("CONFLICT", `Card ${input.cardId} has no EMBEDDED_WALLET funding source`);
    return {
      accountId: wallet,
      parameters: { cardId: formatId("Card", card.id), walletId: formatId("InternalAccount", wallet) },
      signer: { kind: "SESSION", accountId: wallet },
      context: { walletId: wallet },
    };
  },
  async recheck(input, _context, db) {
    await revealableCard(db, input);
  },
  async execute(tx, input) {
    return reply(200, await mintReveal(tx, await revealableCard(tx, input)));
  },
};

/**
 * The card, if its details may be revealed now: not CLOSED, its customer not deleted (409 CARD_NOT_MUTABLE), and the
 * cardholder's live SCA session where SCA applies (EEA/CH/UK: 409 SCA_SESSION_REQUIRED). Read before the challenge
 * (prepare), before acceptance (recheck) and in the transaction that mints the URL (execute, which an identical
 * re-send runs again), so that an SCA session that ended meanwhile reveals nothing.
 */
async function revealableCard(db: DbOrTx, input: RevealInput): Promise<CardRow> {
  const card = await findCardOrThrow(db, input.platform.id, input.cardId);
  const [holder] = await db
    .select({
      deletedAt: customers.deletedAt,
      profile: customers.profile,
      sessionExpiresAt: scaStates.sessionExpiresAt,
    })
    .from(customers)
    .leftJoin(scaStates, eq(scaStates.customerId, customers.id))
    .where(eq(customers.id, card.customerId));
  // A deleted customer's card reveals nothing even while it is open (a deletion closes the cards in its own
  // transaction, lib/server/customers/deletion, but rows written otherwise may not be).
  if (card.state === "CLOSED" || !holder || holder.deletedAt !== null)
    throw new ApiError("CARD_NOT_MUTABLE", `Card ${input.cardId} is CLOSED; its details cannot be revealed`);
  checkScaSession(holder);
  return card;
}

/** The first of the card's funding sources (in its order) that is an EMBEDDED_WALLET, as a bare uuid, or null. */
async function walletFundingSource(db: DbOrTx, card: CardRow): Promise<string | null> {
  if (card.fundingSources.length === 0) return null;
  const rows = await db
    .select({ id: internalAccounts.id })
    .from(internalAccounts)
    .where(
      and(
        inArray(internalAccounts.id, card.fundingSources),
        eq(internalAccounts.platformId, card.platformId),
        eq(internalAccounts.type, "EMBEDDED_WALLET"),
      ),
    );
  const wallets = new Set(rows.map((r) => r.id));
  return card.fundingSources.find((id) => wallets.has(id)) ?? null;
}

async function mintReveal(db: DbOrTx, card: CardRow) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + REVEAL_TTL_MS);
  await db
    .insert(cardReveals)
    .values({ tokenDigest: digest(token), cardId: card.id, platformId: card.platformId, expiresAt });
  const origin = publicOrigin();
  return { panEmbedUrl: `${origin}${revealPath(token)}`, expiresAt: expiresAt.toISOString() };
}

/**
 * Redeem a reveal token once: the card's details and the origins that may frame the page, or 404
 * CARD_REVEAL_NOT_FOUND for an unknown, used or expired token (one answer for all three).
 */
export async function redeemCardReveal(token: string) {
  const db = await getDb();
  const [used] = await db
    .update(cardReveals)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(cardReveals.tokenDigest, digest(token)),
        isNull(cardReveals.usedAt),
        gt(cardReveals.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!used) throw notFound("CARD_REVEAL_NOT_FOUND", "Card reveal", "link");
  const [row] = await db
    .select({ card: cards, settings: platforms.settings })
    .from(cards)
    .innerJoin(platforms, eq(platforms.id, cards.platformId))
    .innerJoin(customers, eq(customers.id, cards.customerId))
    .where(and(eq(cards.id, used.cardId), isNull(customers.deletedAt)));
  // A card closed, or its customer deleted, after the link was made: the link shows nothing.
  if (!row || row.card.state === "CLOSED") throw notFound("CARD_REVEAL_NOT_FOUND", "Card reveal", "link");
  const { pan, cvv } = await openCardSecrets(row.card);
  const origins = (row.settings as { webauthn?: { origins?: string[] } }).webauthn?.origins ?? [];
  return { pan, cvv, expMonth: row.card.expMonth, expYear: row.card.expYear, origins, platformId: row.card.platformId };
}
