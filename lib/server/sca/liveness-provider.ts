import type { PlatformPrincipal } from "@/lib/server/core/principal";

/**
 * The liveness seam of a 2FA reset. Sandbox platforms pass at once (deterministic, documented in docs/areas.md);
 * production platforms stay INITIATED (the end user has no check to complete) until a liveness provider is
 * plugged in here: it would return its access token and hosted link, and move the reset on from its callback.
 */
export function openLivenessCheck(platform: PlatformPrincipal): {
  status: "INITIATED" | "LIVENESS_PASSED";
  livenessAccessToken?: string;
  verificationLink?: string;
} {
  return platform.environment === "SANDBOX" ? { status: "LIVENESS_PASSED" } : { status: "INITIATED" };
}
