import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { customers } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId } from "@/lib/shared/ids";
import { createKycLink } from "./create-kyc-link";

/** GET /customers/kyc-link (Grid client 0.7.0's form): the POST's link for the active customer with this platformCustomerId. */
export async function kycLinkByPlatformId(
  platform: PlatformPrincipal,
  q: { platformCustomerId: string; redirectUri?: string },
) {
  const db = await getDb();
  const [c] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.platformId, platform.id),
        eq(customers.platformCustomerId, q.platformCustomerId),
        isNull(customers.deletedAt),
      ),
    );
  if (!c) throw notFound("USER_NOT_FOUND", "Customer with platformCustomerId", q.platformCustomerId);
  const customerId = formatId("Customer", c.id);
  const link = await createKycLink(platform, customerId, { redirectUri: q.redirectUri });
  return { ...link, customerId, platformCustomerId: q.platformCustomerId };
}
