import type { InferSelectModel } from "drizzle-orm";
import type { documents } from "@/db/schema";
import { formatId } from "@/lib/shared/ids";
import type { Document } from "./document.contract";

export type DocumentRow = InferSelectModel<typeof documents>;

export function toDocument(row: DocumentRow): Document {
  const out: Document = {
    id: formatId("Document", row.id),
    documentHolder: row.beneficialOwnerId
      ? formatId("BeneficialOwner", row.beneficialOwnerId)
      : formatId("Customer", row.customerId),
    documentType: row.documentType as Document["documentType"],
    country: row.country,
    fileName: row.fileName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (row.side) out.side = row.side as "FRONT" | "BACK";
  if (row.documentNumber) out.documentNumber = row.documentNumber;
  if (row.issuingAuthority) out.issuingAuthority = row.issuingAuthority;
  return out;
}
