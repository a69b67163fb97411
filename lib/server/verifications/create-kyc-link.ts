import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { kycLinks } from "@/db/schema";
import { sha256Hex } from "@/lib/shared/crypto/web";
import { contactVerificationView } from "@/lib/server/customers/sca-region";
import { ApiError } from "@/lib/server/core/errors";
import { findCustomerOrThrow } from "@/lib/server/customers/find-customer";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { newUuid } from "@/lib/shared/ids";
import { publicOrigin } from "@/lib/shared/config/env";

const LINK_TTL_MS = 24 * 3600 * 1000;

/** POST /customers/{id}/kyc-link: a single-use hosted link; only the token's digest is stored. */
export async function createKycLink(
  platform: PlatformPrincipal,
  customerId: string,
  body: { redirectUri?: string } | undefined,
) {
  const db = await getDb();
  const customer = await findCustomerOrThrow(db, platform.id, customerId);
  const contact = contactVerificationView(customer);
  if (contact && Object.values(contact).some((s) => s !== "VERIFIED")) {
    throw new ApiError(
      "CONFLICT",
      "The customer's email and phone must be verified first (verify-email, verify-phone)",
      { contactVerification: contact },
    );
  }
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + LINK_TTL_MS);
  // One live link per customer: a new link revokes the older ones, which could otherwise still submit.
  await db
    .update(kycLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(kycLinks.customerId, customer.id), isNull(kycLinks.usedAt)));
  await db.insert(kycLinks).values({
    id: newUuid(),
    platformId: platform.id,
    customerId: customer.id,
    tokenDigest: sha256Hex(token),
    redirectUri: body?.redirectUri ?? null,
    expiresAt,
  });
  const origin = publicOrigin();
  return { kycUrl: `${origin}/kyc/${token}`, expiresAt: expiresAt.toISOString(), provider: "SUMSUB" as const };
}
