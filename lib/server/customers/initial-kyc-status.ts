import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { sandboxSuffix, statusWithoutPaperwork, type KycStatus } from "./kyc-status";

/**
 * A new customer's KYC/KYB status. A regulated platform verifies its own customers (APPROVED);
 * a sandbox platform that skips verification paperwork resolves at creation by the suffix;
 * everyone else starts UNVERIFIED until POST /verifications.
 */
export function initialKycStatus(
  platform: PlatformPrincipal,
  input: { customerType?: "INDIVIDUAL" | "BUSINESS"; profile: Record<string, unknown> },
): KycStatus {
  if (platform.settings.isRegulatedFinancialInstitution) return "APPROVED";
  if (platform.environment === "SANDBOX" && platform.settings.skipVerificationPaperwork) {
    return statusWithoutPaperwork(
      sandboxSuffix({ customerType: input.customerType ?? "INDIVIDUAL", profile: input.profile }),
    );
  }
  return "UNVERIFIED";
}
