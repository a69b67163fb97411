import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { cardReveals, cards, platforms } from "@/db/schema";
import { ApiError, notFound } from "@/lib/api-core/errors";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { env } from "@/lib/config/env";
import { openCardSecrets } from "./card-secrets";
import { findCardOrThrow } from "./find-card";

/** How long a reveal URL loads (Grid: "within minutes"; protocol.md: at most 5). */
export const REVEAL_TTL_MS = 5 * 60_000;
const digest = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** The path of the reveal page on this service (app/api/card-reveal/[token]: outside the pages' proxy, which forbids all framing). */
export const revealPath = (token: string) => `/api/card-reveal/${token}`;

/**
 * POST /cards/{id}/reveal: a single-use bearer URL (256 random bits; only its digest is stored) to the page
 * that shows the number and CVV. The API body never carries the PAN.
 */
export async function revealCard(platform: PlatformPrincipal, cardId: string, requestOrigin: string) {
  const db = await getDb();
  const card = await findCardOrThrow(db, platform.id, cardId);
  if (card.state === "CLOSED") throw new ApiError("CARD_NOT_MUTABLE", `Card ${cardId} is CLOSED; its details cannot be revealed`);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + REVEAL_TTL_MS);
  await db.insert(cardReveals).values({ tokenDigest: digest(token), cardId: card.id, platformId: platform.id, expiresAt });
  const origin = env().PUBLIC_URL ? new URL(env().PUBLIC_URL!).origin : requestOrigin;
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
    .where(and(eq(cardReveals.tokenDigest, digest(token)), isNull(cardReveals.usedAt), gt(cardReveals.expiresAt, new Date())))
    .returning();
  if (!used) throw notFound("CARD_REVEAL_NOT_FOUND", "Card reveal", "link");
  const [row] = await db
    .select({ card: cards, settings: platforms.settings })
    .from(cards)
    .innerJoin(platforms, eq(platforms.id, cards.platformId))
    .where(eq(cards.id, used.cardId));
  const { pan, cvv } = await openCardSecrets(row.card);
  const origins = (row.settings as { webauthn?: { origins?: string[] } }).webauthn?.origins ?? [];
  return { pan, cvv, expMonth: row.card.expMonth, expYear: row.card.expYear, origins, platformId: row.card.platformId };
}
