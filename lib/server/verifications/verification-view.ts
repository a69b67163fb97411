import type { InferSelectModel } from "drizzle-orm";
import type { verifications } from "@/db/schema";
import { formatId } from "@/lib/shared/ids";
import type { Verification, VerificationError } from "./verification.contract";

export type VerificationRow = InferSelectModel<typeof verifications>;

export function toVerification(row: VerificationRow): Verification {
  return {
    id: formatId("Verification", row.id),
    customerId: formatId("Customer", row.customerId),
    verificationStatus: row.verificationStatus as Verification["verificationStatus"],
    errors: row.errors as VerificationError[],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
