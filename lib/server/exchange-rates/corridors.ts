import { BANK_VARIANTS } from "@/lib/server/external-accounts/account-variants";

/** Grid's PaymentRail enum (a rate names the rail of its destination). */
export const PAYMENT_RAILS = [
  "ACH",
  "ACH_COLOMBIA",
  "BANK_TRANSFER",
  "BRE_B",
  "CIPS",
  "FAST",
  "FASTER_PAYMENTS",
  "FEDNOW",
  "INSTAPAY",
  "MOBILE_MONEY",
  "NEFT",
  "PAYNOW",
  "PESONET",
  "PIX",
  "RTGS",
  "RTP",
  "SEPA",
  "SEPA_INSTANT",
  "SPEI",
  "SWIFT",
  "UNIONPAY",
  "UPI",
  "WIRE",
] as const;
export type PaymentRail = (typeof PAYMENT_RAILS)[number];

/**
 * The rails that pay out a currency: those of the bank account variants of that currency (the same table
 * external accounts use). Crypto currencies settle to wallets, which are not payment rails: no corridor.
 */
export function railsTo(currency: string): PaymentRail[] {
  const rails = new Set<PaymentRail>();
  for (const v of BANK_VARIANTS) {
    if (v.currency !== currency) continue;
    for (const r of v.rails) if ((PAYMENT_RAILS as readonly string[]).includes(r)) rails.add(r as PaymentRail);
  }
  return [...rails];
}
