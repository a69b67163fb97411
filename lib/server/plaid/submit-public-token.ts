import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import { externalAccounts, plaidLinkTokens } from "@/db/schema";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { invalidInput } from "@/lib/server/core/validation";
import { findCustomerOrThrow } from "@/lib/server/customers/find-customer";
import { identityKey } from "@/lib/server/external-accounts/account-rules";
import { accountInfoCreateSchema } from "@/lib/server/external-accounts/account-info.schema";
import { variantOf } from "@/lib/server/external-accounts/account-variants";
import { toExternalAccount } from "@/lib/server/external-accounts/external-account-view";
import { newUuid } from "@/lib/shared/ids";
import { wakePollLoop } from "@/lib/server/worker-loop/poll-loop";
import { linkTokenDigest } from "./link-token-digest";
import { plaidBeneficiary } from "./plaid-beneficiary";
import { plaidClientFor } from "./plaid-client";
import { PLAID_WORKER } from "./worker-name";

/**
 * POST /plaid/callback/{plaid_link_token} (deprecated). Exchanges the public token through the Plaid seam and,
 * in one transaction, spends the link token and creates the customer's USD_ACCOUNT as PENDING. The Plaid worker
 * then activates it and writes EXTERNAL_ACCOUNT.STATUS_UPDATED (Grid: "a webhook notification … when complete").
 */
export async function submitPlaidPublicToken(
  platform: PlatformPrincipal,
  linkToken: string,
  body: { publicToken: string; accountId?: string },
) {
  const db = await getDb();
  const [link] = await db
    .select()
    .from(plaidLinkTokens)
    .where(
      and(eq(plaidLinkTokens.tokenDigest, linkTokenDigest(linkToken)), eq(plaidLinkTokens.platformId, platform.id)),
    );
  if (!link || link.expiresAt.getTime() <= Date.now())
    throw new ApiError("NOT_FOUND", "The Plaid link token was not found or has expired");
  if (link.state !== "OPEN") throw usedToken();
  const client = plaidClientFor(platform.environment);
  if (!client)
    throw new ApiError(
      "SERVICE_UNAVAILABLE",
      "Plaid is not configured for production platforms (PLAID_CLIENT_ID, PLAID_SECRET)",
    );
  const customer = await findCustomerOrThrow(db, platform.id, `Customer:${link.customerId}`);
  const exchange = await client.exchangePublicToken(body);
  if (!exchange.ok) throw invalidInput([{ field: exchange.field, message: exchange.message }]);

  const { account } = exchange;
  const parsed = accountInfoCreateSchema.safeParse({
    accountType: "USD_ACCOUNT",
    accountNumber: account.accountNumber,
    routingNumber: account.routingNumber,
    bankName: account.bankName,
    bankAccountType: account.bankAccountType,
    beneficiary: plaidBeneficiary(customer),
  });
  if (!parsed.success) {
    throw invalidInput(
      parsed.error.issues.map((i) => ({ field: `accountInfo.${i.path.join(".")}`, message: i.message })),
    );
  }
  const info = parsed.data as Record<string, unknown>;
  const variant = variantOf("USD_ACCOUNT");
  try {
    const row = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(plaidLinkTokens)
        .set({ state: "EXCHANGED", updatedAt: new Date() })
        .where(and(eq(plaidLinkTokens.id, link.id), eq(plaidLinkTokens.state, "OPEN")))
        .returning({ id: plaidLinkTokens.id });
      if (!claimed) throw usedToken();
      const [inserted] = await tx
        .insert(externalAccounts)
        .values({
          id: newUuid(),
          platformId: platform.id,
          customerId: customer.id,
          status: "PENDING",
          currency: "USD",
          accountType: variant.accountType,
          accountInfo: info,
          identityKey: identityKey(variant, info),
        })
        .returning();
      await tx.update(plaidLinkTokens).set({ externalAccountId: inserted.id }).where(eq(plaidLinkTokens.id, link.id));
      return inserted;
    });
    wakePollLoop(PLAID_WORKER);
    return toExternalAccount(row);
  } catch (e) {
    if (isUniqueViolation(e, "external_accounts_customer_identity_uq")) {
      throw new ApiError("CONFLICT", "The customer already has an external account with this bank account's details");
    }
    throw e;
  }
}

function usedToken(): ApiError {
  return new ApiError("CONFLICT", "The Plaid link token was already used; request a new one");
}
