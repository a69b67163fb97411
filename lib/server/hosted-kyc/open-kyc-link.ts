import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { customers, kycLinks, platforms } from "@/db/schema";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { sha256Hex } from "@/lib/shared/crypto/web";
import type { CustomerRow } from "@/lib/server/customers/customer-view";
import { toPrincipal } from "@/lib/server/platforms/platform-row";

export interface OpenKycLink {
  linkId: string;
  platform: PlatformPrincipal;
  customer: CustomerRow;
  redirectUri: string | null;
}

/** The live link a hosted-KYC token names (by its SHA-256), or 404: unknown, expired or already used. */
export async function openKycLink(db: DbOrTx, token: string): Promise<OpenKycLink> {
  const gone = new ApiError("NOT_FOUND", "This verification link has expired or was already used");
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw gone;
  const [row] = await db
    .select({ link: kycLinks, customer: customers, platform: platforms })
    .from(kycLinks)
    .innerJoin(customers, eq(customers.id, kycLinks.customerId))
    .innerJoin(platforms, eq(platforms.id, kycLinks.platformId))
    .where(eq(kycLinks.tokenDigest, sha256Hex(token)));
  if (!row || row.customer.deletedAt || row.link.usedAt || row.link.expiresAt.getTime() <= Date.now()) throw gone;
  return {
    linkId: row.link.id,
    platform: toPrincipal(row.platform),
    customer: row.customer,
    redirectUri: row.link.redirectUri,
  };
}
