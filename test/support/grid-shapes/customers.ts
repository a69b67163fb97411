/** Grid's customer shapes (components CustomerOneOf, IndividualCustomer, BusinessCustomer, CustomerListResponse). */
import { z } from "zod";
import { gridList, isoDate, isoDateTime } from "./common";

const gridKycStatus = z.enum(["UNVERIFIED", "PENDING", "APPROVED", "REJECTED", "HOLD"]);

export const gridAddress = z.object({
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  postalCode: z.string(),
  country: z.string(),
});

const customerBase = {
  id: z.string().regex(/^Customer:/),
  platformCustomerId: z.string(),
  region: z.string().optional(),
  currencies: z.array(z.string()).optional(),
  email: z.string().optional(),
  phoneNumber: z
    .string()
    .regex(/^\+[1-9]\d{1,14}$/)
    .optional(),
  umaAddress: z.string(),
  createdAt: isoDateTime.optional(),
  updatedAt: isoDateTime.optional(),
  isDeleted: z.boolean().optional(),
  endUserTermsConsent: z
    .object({
      acceptedAt: isoDateTime,
      ipAddress: z.string(),
      termsVersion: z.string(),
      acceptanceMethod: z.enum(["CHECKBOX", "CLICK_TO_ACCEPT"]),
    })
    .optional(),
  address: gridAddress.optional(),
};

export const gridIndividualCustomer = z.object({
  ...customerBase,
  customerType: z.literal("INDIVIDUAL"),
  kycStatus: gridKycStatus.optional(),
  fullName: z.string().optional(),
  birthDate: isoDate.optional(),
  nationality: z.string().optional(),
});

const gridEntityType = z.enum([
  "SOLE_PROPRIETORSHIP",
  "PARTNERSHIP",
  "LLC",
  "CORPORATION",
  "S_CORPORATION",
  "NON_PROFIT",
  "PUBLICLY_LISTED_COMPANY",
  "TRUST",
  "PRIVATE_FOUNDATION",
  "CHARITY",
  "OTHER",
]);

/** BusinessInfoResponse: only legalName is required in a response. */
const gridBusinessInfoResponse = z.object({
  legalName: z.string(),
  doingBusinessAs: z.string().optional(),
  country: z.string().optional(),
  registrationNumber: z.string().optional(),
  incorporatedOn: isoDate.optional(),
  entityType: gridEntityType.optional(),
  taxId: z.string().optional(),
  countriesOfOperation: z.array(z.string()).optional(),
});

export const gridBusinessCustomer = z.object({
  ...customerBase,
  customerType: z.literal("BUSINESS"),
  kybStatus: gridKycStatus.optional(),
  businessInfo: gridBusinessInfoResponse.optional(),
  beneficialOwners: z.array(z.unknown()).optional(),
});

export const gridCustomer = z.discriminatedUnion("customerType", [gridIndividualCustomer, gridBusinessCustomer]);
export const gridCustomerList = gridList(gridCustomer);
