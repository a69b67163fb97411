import { getDb } from "@/db/client";
import { apiTokens } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { newUuid } from "@/lib/ids";
import { generateCredentials, hashSecret } from "@/lib/platforms/secret-hash";
import type { TokenPermission } from "@/lib/platforms/token-permission";
import { toApiToken } from "./token-view";

export async function createToken(
  platform: PlatformPrincipal,
  input: { name: string; permissions: TokenPermission[] },
) {
  const { clientId, clientSecret } = generateCredentials("token");
  const db = await getDb();
  const [row] = await db
    .insert(apiTokens)
    .values({
      id: newUuid(),
      platformId: platform.id,
      name: input.name,
      permissions: input.permissions,
      clientId,
      secretHash: await hashSecret(clientSecret),
    })
    .returning();
  return { ...toApiToken(row), clientSecret };
}
