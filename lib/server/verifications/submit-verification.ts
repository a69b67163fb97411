import { invalidInput } from "@/lib/server/core/validation";
import { and, eq, isNull } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { customers, documents, verifications } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId, newUuid, parseId } from "@/lib/shared/ids";
import { resolveOwners } from "@/lib/server/beneficial-owners/owner-kyc-status";
import { emitEvent } from "@/lib/server/webhooks/emit-event";
import { missingForVerification } from "./kyc-requirements";
import { sandboxSuffix, type KycStatus } from "@/lib/server/customers/kyc-status";
import { setKycStatus } from "./set-kyc-status";
import { toVerification } from "./verification-view";
import type { Verification, VerificationError, VerificationStatus } from "./verification.contract";
import { verificationEvent } from "./verification.contract";

/**
 * POST /verifications. The customer row is locked, so concurrent submissions decide one after the
 * other. Incomplete data → RESOLVE_ERRORS (one entry per problem) whatever the suffix; a complete
 * submission is decided by the sandbox suffix on a sandbox platform, and waits for review elsewhere.
 */
export async function submitVerification(platform: PlatformPrincipal, customerId: string): Promise<Verification> {
  const db = await getDb();
  const uuid = parseId("Customer", customerId);
  return db.transaction(async (tx) => {
    const [row] = uuid
      ? await tx
          .select()
          .from(customers)
          .where(and(eq(customers.id, uuid), eq(customers.platformId, platform.id), isNull(customers.deletedAt)))
          .for("update")
      : [];
    if (!row) throw notFound("USER_NOT_FOUND", "Customer", customerId);
    return submitLockedVerification(tx, platform, row);
  });
}

/** The submission itself, in the caller's transaction, for a customer row it holds FOR UPDATE (the hosted KYC form too). */
export async function submitLockedVerification(
  tx: Tx,
  platform: PlatformPrincipal,
  row: typeof customers.$inferSelect,
): Promise<Verification> {
  if (row.kycStatus === "APPROVED" || row.kycStatus === "REJECTED") {
    throw invalidInput([], `The customer's verification is settled (${row.kycStatus}); it cannot be submitted again`, {
      kycStatus: row.kycStatus,
    });
  }
  let errors = await missingForVerification(tx, row);
  let status: VerificationStatus = "RESOLVE_ERRORS";
  let customerStatus: KycStatus = row.kycStatus as KycStatus;
  if (errors.length === 0) {
    ({ status, customerStatus, errors } = await decide(tx, platform, row));
  }
  const now = new Date();
  const [v] = await tx
    .insert(verifications)
    .values({
      id: newUuid(),
      platformId: platform.id,
      customerId: row.id,
      verificationStatus: status,
      errors,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const out = toVerification(v);
  await emitEvent(tx, verificationEvent(status), { platformId: platform.id, data: out });
  await setKycStatus(tx, row, customerStatus);
  if (row.customerType === "BUSINESS" && customerStatus !== row.kycStatus)
    await resolveOwners(tx, row.id, customerStatus);
  return out;
}

type Decision = { status: VerificationStatus; customerStatus: KycStatus; errors: VerificationError[] };

async function decide(
  tx: Parameters<typeof missingForVerification>[0],
  platform: PlatformPrincipal,
  row: typeof customers.$inferSelect,
): Promise<Decision> {
  // Without a provider behind it, a production submission waits for review (the provider seam decides later).
  if (platform.environment !== "SANDBOX") return { status: "IN_PROGRESS", customerStatus: "PENDING", errors: [] };
  switch (sandboxSuffix(row)) {
    case "001":
      return { status: "PENDING_MANUAL_REVIEW", customerStatus: "PENDING", errors: [] };
    case "002":
      return { status: "REJECTED", customerStatus: "REJECTED", errors: [] };
    case "003": {
      const [doc] = await tx
        .select({ id: documents.id })
        .from(documents)
        .where(eq(documents.customerId, row.id))
        .limit(1);
      const resourceId = doc ? formatId("Document", doc.id) : formatId("Customer", row.id);
      return {
        status: "RESOLVE_ERRORS",
        customerStatus: row.kycStatus as KycStatus,
        errors: [
          {
            resourceId,
            type: "POOR_QUALITY_DOCUMENT",
            reason: "The document is too blurry to read; upload a clearer copy",
          },
        ],
      };
    }
    default:
      return { status: "APPROVED", customerStatus: "APPROVED", errors: [] };
  }
}
