import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { authMethods, internalAccounts } from "@/db/schema";
import { sha256Hex } from "@/lib/shared/crypto/web";

export interface TiedCredential {
  id: string;
  accountId: string;
}

/** The unrevoked EMAIL_OTP credentials of the customer's EMBEDDED_WALLET accounts, in a stable order. */
export async function tiedEmailOtpCredentials(db: DbOrTx, customerId: string): Promise<TiedCredential[]> {
  return db
    .select({ id: authMethods.id, accountId: authMethods.accountId })
    .from(authMethods)
    .innerJoin(internalAccounts, eq(internalAccounts.id, authMethods.accountId))
    .where(
      and(
        eq(internalAccounts.customerId, customerId),
        eq(internalAccounts.type, "EMBEDDED_WALLET"),
        eq(authMethods.type, "EMAIL_OTP"),
        sql`${authMethods.revokedAt} is null`,
      ),
    )
    .orderBy(asc(authMethods.id));
}

/** What the 202 binds: a change of the set before the retry answers 409 EMAIL_OTP_CREDENTIAL_SET_CHANGED. */
export function credentialSetDigest(set: TiedCredential[]): string {
  return sha256Hex(set.map((c) => c.id).join(","));
}
