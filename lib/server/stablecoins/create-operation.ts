import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { stablecoinOperations, stablecoinProviderAccounts } from "@/db/schema";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { env } from "@/lib/shared/config/env";
import { newUuid } from "@/lib/shared/ids";
import { idempotent } from "@/lib/server/money/idempotency";
import { findStablecoinOrThrow } from "./find-stablecoin-rows";
import { requireIdempotencyKey } from "./idempotency-key";
import { issuerProviderFor } from "./issuer-provider";
import type { StablecoinOperation } from "./stablecoin.contract";
import { heldAccount, heldSide, holdSource, lockedAccount } from "./stablecoin-ledger";
import { toOperation, type StablecoinRow } from "./stablecoin-views";

/** What a mint or burn request resolves to before the provider sees it. */
export interface OperationDraft {
  amount: bigint;
  fiatAmount: bigint;
  source: Record<string, string>;
  destination: Record<string, string>;
  estimatedDelivery?: Record<string, string>;
  description?: string;
}

/**
 * The one way a mint or burn is created (POST /stablecoins/{id}/mints | /burns): Idempotency-Key required, the
 * provider link usable, the provider's first answer stored with `nextStepAt`, and an internal source debited
 * (balance checked under a row lock) in the same transaction. The worker moves it on from there.
 */
export async function createOperation(
  platform: PlatformPrincipal,
  input: { stablecoinId: string; operationType: "MINT" | "BURN"; body: unknown; key: string | null },
  draft: (db: DbOrTx, coin: StablecoinRow) => Promise<OperationDraft>,
): Promise<StablecoinOperation> {
  const db = await getDb();
  const key = requireIdempotencyKey(input.key);
  return idempotent(
    { key, body: { stablecoinId: input.stablecoinId, operationType: input.operationType, body: input.body } },
    {
      find: async (k) =>
        (
          await db
            .select({
              op: stablecoinOperations,
              provider: stablecoinProviderAccounts.provider,
              providerEnvironment: stablecoinProviderAccounts.providerEnvironment,
            })
            .from(stablecoinOperations)
            .innerJoin(
              stablecoinProviderAccounts,
              eq(stablecoinProviderAccounts.id, stablecoinOperations.providerAccountId),
            )
            .where(and(eq(stablecoinOperations.platformId, platform.id), eq(stablecoinOperations.idempotencyKey, k)))
        ).map((r) => ({ ...r, requestDigest: r.op.requestDigest }))[0],
      uniqueIndex: "stablecoin_operations_idempotency_uq",
      answer: (r) => toOperation(r.op, r),
    },
    async (columns) => {
      const coin = await findStablecoinOrThrow(db, platform.id, input.stablecoinId);
      const [link] = await db
        .select()
        .from(stablecoinProviderAccounts)
        .where(eq(stablecoinProviderAccounts.id, coin.providerAccountId));
      if (link.status === "REVOKED")
        throw new ApiError(
          "STABLECOIN_PROVIDER_ACCOUNT_REVOKED",
          "The stablecoin's provider account link has been revoked",
        );
      if (link.status !== "ACTIVE")
        throw new ApiError(
          "STABLECOIN_PROVIDER_ACCOUNT_INVALID",
          `The stablecoin's provider account link is ${link.status}`,
        );
      const d = await draft(db, coin);
      const id = newUuid();
      const createdAt = new Date();
      const first = issuerProviderFor(platform).accept({
        id,
        operationType: input.operationType,
        sourceType: d.source.type,
        fiatAmount: d.fiatAmount,
        symbol: coin.symbol,
        createdAt,
      });
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(stablecoinOperations)
          .values({
            id,
            platformId: platform.id,
            stablecoinId: coin.id,
            providerAccountId: coin.providerAccountId,
            operationType: input.operationType,
            status: first.status,
            amount: d.amount,
            fiatAmount: d.fiatAmount,
            source: d.source,
            destination: d.destination,
            fundingInstructions: first.fundingInstructions ?? null,
            estimatedDelivery: d.estimatedDelivery ?? null,
            expiresAt: first.expiresAt ?? null,
            providerStatus: first.providerStatus,
            description: d.description ?? null,
            nextStepAt: new Date(createdAt.getTime() + env().STABLECOIN_SETTLE_DELAY_MS),
            createdAt,
            updatedAt: createdAt,
            ...columns,
          })
          .returning();
        const held = heldAccount(row);
        if (held) {
          const account = await lockedAccount(tx, held);
          const need = heldSide(row, coin);
          if (!account || account.balance < need.amount) {
            throw new ApiError(
              "INSUFFICIENT_FUNDS",
              `The source account holds less than ${need.amount} ${need.currency}`,
              {
                available: String(account?.balance ?? 0n),
                required: String(need.amount),
              },
            );
          }
          await holdSource(tx, row, coin);
        }
        return toOperation(row, link);
      });
    },
  );
}
