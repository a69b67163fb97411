/** Grid's external account shapes (components ExternalAccount, <Ccy>ExternalAccountInfo, beneficiaries, ExternalAccountListResponse). */
import { z } from "zod";
import { gridList } from "./common";
import { gridAddress } from "./customers";

const individual = z.object({
  beneficiaryType: z.literal("INDIVIDUAL"),
  fullName: z.string(),
  birthDate: z.string().optional(),
  nationality: z.string().optional(),
  email: z.string().optional(),
  phoneNumber: z.string().optional(),
  countryOfResidence: z.string().optional(),
  address: gridAddress.optional(),
});
const business = z.object({
  beneficiaryType: z.literal("BUSINESS"),
  legalName: z.string(),
  registrationNumber: z.string().optional(),
  taxId: z.string().optional(),
  email: z.string().optional(),
  phoneNumber: z.string().optional(),
  countryOfResidence: z.string().optional(),
  address: gridAddress.optional(),
});
const beneficiary = z.discriminatedUnion("beneficiaryType", [individual, business]);

export const gridUsdAccountInfo = z.object({
  accountType: z.literal("USD_ACCOUNT"),
  accountNumber: z.string(),
  routingNumber: z.string(),
  bankName: z.string().optional(),
  bankAccountType: z.enum(["CHECKING", "SAVINGS"]).optional(),
  paymentRails: z.array(z.enum(["ACH", "WIRE", "RTP", "FEDNOW"])),
  beneficiary,
});
export const gridEurAccountInfo = z.object({
  accountType: z.literal("EUR_ACCOUNT"),
  iban: z.string(),
  swiftCode: z.string().optional(),
  paymentRails: z.array(z.enum(["SEPA", "SEPA_INSTANT"])),
  beneficiary,
});
export const gridSwiftAccountInfo = z.object({
  accountType: z.literal("SWIFT_ACCOUNT"),
  country: z.string(),
  swiftCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string().optional(),
  iban: z.string().optional(),
  paymentRails: z.array(z.enum(["SWIFT"])),
  beneficiary,
});

const gridExternalAccountStatus = z.enum([
  "PENDING",
  "ACTIVE",
  "PENDING_OWNERSHIP_VERIFICATION",
  "UNVERIFIED",
  "UNDER_REVIEW",
  "INACTIVE",
]);

export function gridExternalAccount<T extends z.ZodType>(accountInfo: T) {
  return z.object({
    id: z.string().regex(/^ExternalAccount:/),
    customerId: z.string().optional(),
    status: gridExternalAccountStatus,
    platformAccountId: z.string().optional(),
    ownershipType: z.enum(["FIRST_PARTY", "THIRD_PARTY"]).optional(),
    currency: z.string(),
    defaultUmaDepositAccount: z.boolean().optional(),
    beneficiaryVerificationStatus: z
      .enum(["MATCHED", "PARTIAL_MATCH", "NOT_MATCHED", "UNSUPPORTED", "CHECKED_BY_RECEIVING_FI", "PENDING"])
      .optional(),
    accountInfo,
  });
}

/** Any variant: the envelope checked, accountInfo only for its discriminator. */
const gridAnyExternalAccount = gridExternalAccount(z.object({ accountType: z.string() }));
export const gridExternalAccountList = gridList(gridAnyExternalAccount);
