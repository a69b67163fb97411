import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import { stablecoinProviderAccounts } from "@/db/schema";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { encryptAtRest, utf8Encode } from "@/lib/shared/crypto/web";
import { newUuid } from "@/lib/shared/ids";
import { getKeyEncryptionKey } from "@/lib/server/keys/kek";
import { idempotent } from "@/lib/server/money/idempotency";
import { requireIdempotencyKey } from "./idempotency-key";
import { issuerProviderFor } from "./issuer-provider";
import type { ProviderAccount, ProviderAccountLink } from "./stablecoin.contract";
import { toProviderAccount } from "./stablecoin-views";

/** POST /stablecoin-provider-accounts: verify the provider credentials, keep the secret encrypted under the KEK. */
export async function linkProviderAccount(
  platform: PlatformPrincipal,
  input: ProviderAccountLink,
  key: string | null,
): Promise<ProviderAccount> {
  const db = await getDb();
  return idempotent(
    { key: requireIdempotencyKey(key), body: input },
    {
      find: async (k) =>
        (
          await db
            .select()
            .from(stablecoinProviderAccounts)
            .where(
              and(
                eq(stablecoinProviderAccounts.platformId, platform.id),
                eq(stablecoinProviderAccounts.idempotencyKey, k),
              ),
            )
        )[0],
      uniqueIndex: "stablecoin_provider_accounts_idempotency_uq",
      answer: toProviderAccount,
    },
    async (columns) => {
      const provider = issuerProviderFor(platform);
      const verified = await provider.verifyCredentials(input);
      const id = newUuid();
      // Bound to the link's id (AAD): a secret copied onto another row does not decrypt.
      const apiClientSecretEnc = await encryptAtRest(
        getKeyEncryptionKey(),
        utf8Encode(input.apiClientSecret),
        `stablecoin-provider-accounts:${id}:secret`,
      );
      const now = new Date();
      try {
        const [row] = await db
          .insert(stablecoinProviderAccounts)
          .values({
            id,
            platformId: platform.id,
            provider: input.provider,
            providerAccountId: verified.providerAccountId,
            providerEnvironment: provider.environment,
            status: "ACTIVE",
            apiClientId: input.apiClientId,
            apiClientSecretEnc,
            lastVerifiedAt: now,
            ...columns,
          })
          .returning();
        return toProviderAccount(row);
      } catch (e) {
        if (isUniqueViolation(e, "stablecoin_provider_accounts_account_uq")) {
          throw new ApiError("CONFLICT", `Provider account ${verified.providerAccountId} is already linked`, {
            providerAccountId: verified.providerAccountId,
          });
        }
        throw e;
      }
    },
  );
}
