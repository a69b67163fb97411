import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { SANDBOX_SCA_CODE } from "./sca-state";
import { totpMatches } from "./totp";

/** A TOTP code against `base32`; on a sandbox platform 123456 is also accepted (protocol.md). */
export function totpCodeAccepted(platform: PlatformPrincipal, base32: string, code: string): boolean {
  if (platform.environment === "SANDBOX" && code === SANDBOX_SCA_CODE) return true;
  return totpMatches(base32, code);
}
