import { ApiError } from "@/lib/api-core/errors";
import type { TokenPermission } from "@/lib/api-core/operation";
import type { PlatformPrincipal } from "@/lib/api-core/principal";

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

/** The permissions a caller holds: an API token its own, the platform's own credentials every one. */
export function heldPermissions(platform: PlatformPrincipal): readonly TokenPermission[] {
  return platform.tokenPermissions ?? ["VIEW", "TRANSACT", "MANAGE"];
}
