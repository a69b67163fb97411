import { ApiError } from "@/lib/api-core/errors";
import type { PlatformPrincipal } from "@/lib/api-core/principal";

export const TOKEN_PERMISSIONS = ["VIEW", "TRANSACT", "MANAGE"] as const;
export type TokenPermission = (typeof TOKEN_PERMISSIONS)[number];

/** Writes under these paths move money (Grid: "TRANSACT: can send payments"). */
const TRANSACT_PATHS = [
  /^\/quotes/,
  /^\/transactions/,
  /^\/transfer-(in|out)$/,
  /^\/sandbox\/(send|uma\/receive)$/,
  /^\/agents\/\{agentId\}\/actions\//,
  /^\/stablecoins\/\{id\}\/(mints|burns)$/,
];

/**
 * The permission an API token needs for an operation: reads need VIEW, payments TRANSACT, every other
 * write (config, customers, accounts, tokens) MANAGE; the token endpoints themselves need MANAGE.
 */
function requiredPermission(method: string, path: string): TokenPermission {
  if (path.startsWith("/tokens")) return "MANAGE";
  if (method === "GET") return "VIEW";
  return TRANSACT_PATHS.some((re) => re.test(path)) ? "TRANSACT" : "MANAGE";
}

/** The platform's own credentials may do everything; an API token only what its permissions allow. */
export function assertTokenPermission(platform: PlatformPrincipal, method: string, path: string): void {
  if (!platform.tokenPermissions) return;
  const need = requiredPermission(method, path);
  if (!platform.tokenPermissions.includes(need)) {
    throw new ApiError("FORBIDDEN", `This API token lacks the ${need} permission`, { requiredPermission: need });
  }
}
