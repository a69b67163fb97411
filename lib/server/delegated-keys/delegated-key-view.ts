import type { InferSelectModel } from "drizzle-orm";
import type { delegatedKeys } from "@/db/schema";
import { formatId, iso } from "@/lib/shared/ids";
import type { DelegatedKey } from "./delegated-key.contract";

export type DelegatedKeyRow = InferSelectModel<typeof delegatedKeys>;

export function toDelegatedKey(r: DelegatedKeyRow): DelegatedKey {
  return {
    id: formatId("DelegatedKey", r.id),
    cardId: formatId("Card", r.cardId),
    fundingSourceId: `CardFundingSource:${r.fundingSourceId}`,
    accountId: formatId("InternalAccount", r.accountId),
    publicKey: r.publicKey,
    nickname: r.nickname,
    status: r.status,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}
