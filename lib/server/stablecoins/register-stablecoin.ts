import { invalidInput } from "@/lib/server/core/validation";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import { stablecoinProviderAccounts, stablecoins } from "@/db/schema";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { newUuid } from "@/lib/shared/ids";
import { isKnownCurrency } from "@/lib/server/money/currencies";
import { idempotent } from "@/lib/server/money/idempotency";
import { findProviderAccountOrThrow } from "./find-stablecoin-rows";
import { requireIdempotencyKey } from "./idempotency-key";
import { issuerProviderFor } from "./issuer-provider";
import type { Stablecoin, StablecoinRegister } from "./stablecoin.contract";
import { toStablecoin, type ProviderAccountRow } from "./stablecoin-views";

/** POST /stablecoins: link a provider-created token; the provider describes it (name, symbol, decimals, base currency). */
export async function registerStablecoin(
  platform: PlatformPrincipal,
  input: StablecoinRegister,
  key: string | null,
): Promise<Stablecoin> {
  const db = await getDb();
  return idempotent(
    { key: requireIdempotencyKey(key), body: input },
    {
      find: async (k) =>
        (
          await db
            .select()
            .from(stablecoins)
            .where(and(eq(stablecoins.platformId, platform.id), eq(stablecoins.idempotencyKey, k)))
        )[0],
      uniqueIndex: "stablecoins_idempotency_uq",
      answer: toStablecoin,
    },
    async (columns) => {
      const provider = issuerProviderFor(platform);
      const link = await chooseLink(db, platform, input.stablecoinProviderAccountId);
      const token = await provider.describeToken(input);
      // The symbol is the token's currency on the ledger: it must not be one the service already moves.
      if (isKnownCurrency(token.symbol)) {
        const message = `${token.symbol} is a currency of the service; a registered stablecoin needs its own symbol`;
        throw invalidInput([{ field: "providerTokenIdentifier", message }], message);
      }
      try {
        const [row] = await db
          .insert(stablecoins)
          .values({
            id: newUuid(),
            platformId: platform.id,
            providerAccountId: link.id,
            provider: link.provider,
            providerEnvironment: link.providerEnvironment,
            providerTokenIdentifier: input.providerTokenIdentifier,
            networkTokenIdentifier: input.networkTokenIdentifier,
            network: input.network,
            ...token,
            // The provider created the token already: registering links it, provisioned; normal Grid operations
            // (the token as a currency of internal accounts and quotes) are not enabled here.
            issuanceStatus: "PROVISIONED",
            gridOperationsStatus: "NOT_ENABLED",
            ...columns,
          })
          .returning();
        return toStablecoin(row);
      } catch (e) {
        if (isUniqueViolation(e, "stablecoins_token_uq")) {
          throw new ApiError("CONFLICT", `Stablecoin ${input.providerTokenIdentifier} is already registered`, {
            providerTokenIdentifier: input.providerTokenIdentifier,
          });
        }
        throw e;
      }
    },
  );
}

/** The named link (usable), else the platform's one ACTIVE link in this environment (Grid's selection rule). */
async function chooseLink(
  db: DbOrTx,
  platform: PlatformPrincipal,
  id: string | undefined,
): Promise<ProviderAccountRow> {
  if (id !== undefined) {
    const link = await findProviderAccountOrThrow(db, platform.id, id);
    if (link.status === "REVOKED")
      throw new ApiError("STABLECOIN_PROVIDER_ACCOUNT_REVOKED", `Provider account link ${id} has been revoked`);
    if (link.status !== "ACTIVE")
      throw new ApiError("STABLECOIN_PROVIDER_ACCOUNT_INVALID", `Provider account link ${id} is ${link.status}`);
    return link;
  }
  const active = await db
    .select()
    .from(stablecoinProviderAccounts)
    .where(and(eq(stablecoinProviderAccounts.platformId, platform.id), eq(stablecoinProviderAccounts.status, "ACTIVE")))
    .limit(2);
  if (active.length === 0)
    throw new ApiError(
      "STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND",
      "No active stablecoin provider account link; link one first",
    );
  if (active.length > 1) {
    throw new ApiError(
      "STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED",
      "Several active provider account links exist; pass stablecoinProviderAccountId",
      {
        errors: [{ field: "stablecoinProviderAccountId", message: "Required when several active links exist" }],
      },
    );
  }
  return active[0];
}
