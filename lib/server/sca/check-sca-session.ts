import { isScaRegion } from "@/lib/server/customers/sca-region";
import { ApiError } from "@/lib/server/core/errors";

/** Money movement of an EEA/CH/UK customer needs a live SCA session (POST /sca/login/complete): else 409 SCA_SESSION_REQUIRED. */
export function checkScaSession(row: { profile: unknown; sessionExpiresAt: Date | null }): void {
  if (!isScaRegion(row as { profile: Record<string, unknown> })) return;
  if (!row.sessionExpiresAt || row.sessionExpiresAt.getTime() <= Date.now()) {
    throw new ApiError(
      "SCA_SESSION_REQUIRED",
      "The customer needs an SCA session: POST /sca/login/start and /sca/login/complete",
      {
        sessionExpiresAt: row.sessionExpiresAt?.toISOString() ?? null,
      },
    );
  }
}
