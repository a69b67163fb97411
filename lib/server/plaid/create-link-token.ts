import { getDb } from "@/db/client";
import { plaidLinkTokens } from "@/db/schema";
import { ApiError, notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { findCustomerOrThrow } from "@/lib/server/customers/find-customer";
import { formatId, newUuid } from "@/lib/shared/ids";
import { plaidBeneficiary } from "./plaid-beneficiary";
import { plaidClientFor } from "./plaid-client";
import { linkTokenDigest } from "./link-token-digest";
import { publicOrigin } from "@/lib/shared/config/env";

/**
 * POST /plaid/link-tokens (deprecated). Issues a Plaid Link token for one of this platform's customers and
 * keeps it (as a keyed digest) with the customer, so the callback knows whose account it creates.
 */
export async function createPlaidLinkToken(platform: PlatformPrincipal, customerId: string, requestId: string) {
  const db = await getDb();
  const customer = await findCustomerOrThrow(db, platform.id, customerId);
  // A deleted customer gets no new bank account: not found, within Grid's documented answers.
  if (customer.deletedAt) throw notFound("USER_NOT_FOUND", "Customer", customerId);
  plaidBeneficiary(customer);
  const client = plaidClientFor(platform.environment);
  if (!client)
    throw new ApiError(
      "SERVICE_UNAVAILABLE",
      "Plaid is not configured for production platforms (PLAID_CLIENT_ID, PLAID_SECRET)",
    );
  const { linkToken, expiration } = await client.createLinkToken({ clientUserId: formatId("Customer", customer.id) });
  await db.insert(plaidLinkTokens).values({
    id: newUuid(),
    platformId: platform.id,
    customerId: customer.id,
    tokenDigest: linkTokenDigest(linkToken),
    state: "OPEN",
    expiresAt: expiration,
  });
  const origin = publicOrigin();
  return {
    linkToken,
    expiration: expiration.toISOString(),
    callbackUrl: `${origin}/api/2025-10-13/plaid/callback/${encodeURIComponent(linkToken)}`,
    requestId,
  };
}
