import { getDb } from "@/db/client";
import { ApiError } from "@/lib/server/core/errors";
import { apiTokens } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { newUuid } from "@/lib/shared/ids";
import { generateCredentials, hashSecret } from "@/lib/server/platforms/secret-hash";
import type { TokenPermission } from "@/lib/server/core/operation";
import { toApiToken } from "./token-view";

export async function createToken(
  platform: PlatformPrincipal,
  input: { name: string; permissions: TokenPermission[] },
) {
  // A token may grant at most its own permissions: a MANAGE token minting TRANSACT would escalate itself.
  const own = platform.tokenPermissions;
  const beyond = own ? input.permissions.filter((p) => !own.includes(p)) : [];
  if (beyond.length > 0) {
    throw new ApiError("FORBIDDEN", `This API token cannot grant permissions it lacks: ${beyond.join(", ")}`, {
      permissions: beyond,
    });
  }
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
