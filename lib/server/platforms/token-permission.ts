import { ApiError } from "@/lib/server/core/errors";
import type { TokenPermission } from "@/lib/server/core/operation";
import type { PlatformPrincipal } from "@/lib/server/core/principal";

/**
 * The platform's own credentials may do everything; an API token only what its permissions allow. `need` is the
 * permission the operation declares in the catalogue (its `access`), never derived from the method or the path: a GET
 * that creates something needs what a write needs.
 */
export function assertTokenPermission(platform: PlatformPrincipal, need: TokenPermission): void {
  if (!platform.tokenPermissions) return;
  if (!platform.tokenPermissions.includes(need)) {
    throw new ApiError("FORBIDDEN", `This API token lacks the ${need} permission`, { requiredPermission: need });
  }
}

/**
 * What a principal creates gets at most its creator's rights: 403 FORBIDDEN naming in `details.permissions` those of
 * `need` the API token lacks (`what` says what it tried to give). The platform's own credentials hold every permission.
 */
export function requireHeldPermissions(
  platform: PlatformPrincipal,
  need: Iterable<TokenPermission>,
  what: string,
): void {
  const own = platform.tokenPermissions;
  if (!own) return;
  const missing = [...new Set(need)].filter((p) => !own.includes(p));
  if (missing.length === 0) return;
  throw new ApiError("FORBIDDEN", `This API token cannot ${what} without the ${missing.join(", ")} permission`, {
    permissions: missing,
  });
}
