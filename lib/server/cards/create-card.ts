import { getDb } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import { cards } from "@/db/schema";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { findCustomerOrThrow } from "@/lib/server/customers/find-customer";
import { newUuid } from "@/lib/shared/ids";
import { emitEvent } from "@/lib/server/webhooks/emit-event";
import type { Card, CardCreate } from "./card.contract";
import { cardProcessorFor } from "./card-processor";
import { sealCardSecrets } from "./card-secrets";
import { toCard } from "./card-view";
import { resolveFundingSources, sandboxFundingRefusal } from "./funding-sources";
import { cardStateChangeEvent } from "./card.contract";

/** POST /cards: issue a card to a KYC-approved cardholder on their own funding sources. */
export async function createCard(platform: PlatformPrincipal, input: CardCreate): Promise<Card> {
  const processor = cardProcessorFor(platform);
  const db = await getDb();
  const customer = await findCustomerOrThrow(db, platform.id, input.cardholderId);
  if (customer.kycStatus !== "APPROVED") {
    throw new ApiError(
      "CARDHOLDER_KYC_NOT_APPROVED",
      `The cardholder's KYC status is ${customer.kycStatus}, not APPROVED`,
      {
        kycStatus: customer.kycStatus,
      },
    );
  }
  // Sandbox outcomes are keyed on the name the partner chose. Grid falls back to cardholderId, and this service mints
  // that id (and a missing platformCustomerId): without platformCardId no outcome applies.
  const outcomeKey = input.platformCardId ?? "";
  const refusal = platform.environment === "SANDBOX" ? sandboxFundingRefusal(outcomeKey, input.fundingSources) : null;
  if (refusal) throw refusal;
  const funding = await resolveFundingSources(db, {
    platformId: platform.id,
    customerId: customer.id,
    ids: input.fundingSources,
  });
  const id = newUuid();
  const issued = await processor.issue({ cardId: id, outcomeKey });
  const secrets = await sealCardSecrets(id, issued.pan, issued.cvv);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(cards)
        .values({
          id,
          platformId: platform.id,
          customerId: customer.id,
          platformCardId: input.platformCardId ?? `card_${id.replace(/-/g, "").slice(-16)}`,
          state: issued.state,
          stateReason: issued.stateReason,
          brand: issued.brand,
          form: input.form,
          last4: issued.pan.slice(-4),
          expMonth: issued.expMonth,
          expYear: issued.expYear,
          currency: funding.currency,
          fundingSources: funding.uuids,
          maxSpendPerTransaction:
            input.maxSpendPerTransaction === undefined ? null : BigInt(input.maxSpendPerTransaction),
          ...secrets,
          processorRef: issued.processorRef,
        })
        .returning();
      const card = toCard(row);
      // Sandbox provisioning resolves at once: the move out of PROCESSING is the card's first state change.
      if (row.state !== "PROCESSING")
        await emitEvent(tx, cardStateChangeEvent, { platformId: platform.id, data: card });
      return card;
    });
  } catch (e) {
    if (isUniqueViolation(e, "cards_platform_card_id_uq")) {
      throw new ApiError(
        "CONFLICT",
        `A card with platformCardId ${JSON.stringify(input.platformCardId)} already exists`,
      );
    }
    throw e;
  }
}
