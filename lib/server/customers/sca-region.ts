import type { InferSelectModel } from "drizzle-orm";
import type { customers } from "@/db/schema";

type CustomerRow = InferSelectModel<typeof customers>;

/** EU 27, the other EEA states (IS, LI, NO), Switzerland and the UK (protocol.md "Who needs contact verification and SCA"). */
const MANDATED = new Set(
  "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO CH GB".split(" "),
);

/** The customer's regulatory region: `region`, else the address country. */
function customerRegion(row: Pick<CustomerRow, "profile">): string | undefined {
  const p = row.profile as { region?: string; address?: { country?: string } };
  return p.region ?? p.address?.country;
}

/** Whether the customer's provider mandates contact verification and SCA. */
export function isScaRegion(row: Pick<CustomerRow, "profile">): boolean {
  const r = customerRegion(row);
  return r !== undefined && MANDATED.has(r.toUpperCase());
}

export type ContactChannel = "email" | "phone";
export const channelValue = (row: Pick<CustomerRow, "email" | "phoneNumber">, channel: ContactChannel) =>
  channel === "email" ? row.email : row.phoneNumber;

/** Grid's `contactVerification`: only for mandated customers, one entry per channel they have. */
export function contactVerificationView(
  row: CustomerRow,
): { email?: "PENDING" | "VERIFIED"; phone?: "PENDING" | "VERIFIED" } | undefined {
  if (!isScaRegion(row)) return undefined;
  const out: { email?: "PENDING" | "VERIFIED"; phone?: "PENDING" | "VERIFIED" } = {};
  for (const ch of ["email", "phone"] as const) {
    const value = channelValue(row, ch);
    if (value) out[ch] = row.contactVerified?.[ch] === value ? "VERIFIED" : "PENDING";
  }
  return out;
}
