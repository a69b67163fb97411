import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { scaStates } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { SANDBOX_SCA_CODE } from "./sca-state";
import { totpMatchedStep } from "./totp";

/**
 * A TOTP code against `base32`, spent on acceptance: the code's time step must come after the last accepted one
 * (kept in the customer's SCA state, which the caller holds FOR UPDATE), so a code (or an older one) completes
 * nothing a second time (RFC 6238 §5.2). On a sandbox platform 123456 is also accepted (protocol.md).
 */
/** An enrollment's first code (of a secret not yet in use): checked, not spent. */
export function totpCodeMatches(platform: PlatformPrincipal, base32: string, code: string): boolean {
  if (platform.environment === "SANDBOX" && code === SANDBOX_SCA_CODE) return true;
  return totpMatchedStep(base32, code) !== null;
}

export async function spendTotpCode(
  tx: Tx,
  platform: PlatformPrincipal,
  state: { customerId: string; totpLastStep: number | null },
  base32: string,
  code: string,
): Promise<boolean> {
  if (platform.environment === "SANDBOX" && code === SANDBOX_SCA_CODE) return true;
  const step = totpMatchedStep(base32, code);
  if (step === null || (state.totpLastStep !== null && step <= state.totpLastStep)) return false;
  await tx.update(scaStates).set({ totpLastStep: step }).where(eq(scaStates.customerId, state.customerId));
  return true;
}
