import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { scaPasskeys } from "@/db/schema";
import type { CustomerRow } from "@/lib/server/customers/customer-view";
import type { ScaState } from "./sca-state";

export type ScaFactor = "SMS_OTP" | "TOTP" | "PASSKEY";
export type ScaPasskeyRow = typeof scaPasskeys.$inferSelect;

const phoneVerified = (customer: CustomerRow) =>
  !!customer.phoneNumber && customer.contactVerified?.phone === customer.phoneNumber;

/** The customer's enrolled factors: SMS_OTP once the phone is verified, TOTP once confirmed, one PASSKEY per registered passkey. */
export async function enrolledFactors(
  db: DbOrTx,
  customer: CustomerRow,
  state: ScaState,
): Promise<{ factors: ScaFactor[]; passkeys: ScaPasskeyRow[] }> {
  const passkeys = await db
    .select()
    .from(scaPasskeys)
    .where(eq(scaPasskeys.customerId, customer.id))
    .orderBy(asc(scaPasskeys.createdAt));
  const factors: ScaFactor[] = [];
  if (phoneVerified(customer)) factors.push("SMS_OTP");
  if (state.totpSecretEnc) factors.push("TOTP");
  if (passkeys.length) factors.push("PASSKEY");
  return { factors, passkeys };
}
