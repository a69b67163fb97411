import { createHash } from "node:crypto";

/**
 * The id of a card funding source: the binding of one card to one of its funding internal accounts. Cards
 * keep their funding accounts as a list, so the binding has no row of its own; its uuid is derived from the
 * two (SHA-256, shaped as an RFC 9562 version-8 uuid), the same on every instance and for every key.
 */
export function fundingSourceUuid(cardUuid: string, accountUuid: string): string {
  const h = createHash("sha256").update(`card-funding-source:${cardUuid}:${accountUuid}`).digest("hex");
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
