import type { Tx } from "@/db/client";
import { authMethods, internalAccounts } from "@/db/schema";
import { newUuid } from "@/lib/shared/ids";
import { ensureWalletSecret } from "./wallet-secret";

/**
 * A customer with an email gets an EMBEDDED_WALLET account (USDB, 6 decimals), initialised with one
 * EMAIL_OTP credential whose nickname is the email, and its wallet secret (a BIP-39 mnemonic, stored only
 * encrypted). Runs inside the customer-creation transaction.
 */
export async function provisionEmbeddedWallet(
  tx: Tx,
  input: { platformId: string; customerId: string; email: string },
): Promise<{ accountId: string; authMethodId: string }> {
  const accountId = newUuid();
  const authMethodId = newUuid();
  await tx.insert(internalAccounts).values({
    id: accountId,
    platformId: input.platformId,
    customerId: input.customerId,
    type: "EMBEDDED_WALLET",
    status: "ACTIVE",
    currency: "USDB",
    decimals: 6,
    privateEnabled: false,
  });
  await tx.insert(authMethods).values({
    id: authMethodId,
    platformId: input.platformId,
    accountId,
    type: "EMAIL_OTP",
    nickname: input.email,
  });
  await ensureWalletSecret(tx, { platformId: input.platformId, accountId });
  return { accountId, authMethodId };
}
