import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { defineEvent, eventOf } from "@/lib/server/core/events";
import { listResponse, paginationQuery } from "@/lib/server/core/pagination";
import { errorResponses } from "@/lib/server/core/common.contract";
import { queryBoolean } from "@/lib/server/core/validation";
import {
  processingSchema,
  signedRetryHeaders,
  signedRetryResponses,
} from "@/lib/server/signed-retry/signed-retry.contract";

export const E164 = /^\+[1-9]\d{1,14}$/;
export const COUNTRY = /^[A-Z]{2}$/;
export const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const addressSchema = z.object({
  line1: z.string().min(1).max(200),
  line2: z.string().max(200).optional(),
  city: z.string().max(100).optional(),
  state: z.string().max(100).optional(),
  postalCode: z.string().min(1).max(20),
  country: z.string().regex(COUNTRY, "ISO 3166-1 alpha-2 country code"),
});

/** Consent to the end-user terms (GET /customers/end-user-terms gives the current version). */
const endUserTermsConsentSchema = z.object({
  termsVersion: z.string().min(1).max(50),
  acceptedAt: z.iso.datetime({ offset: true }),
  acceptanceMethod: z.enum(["CHECKBOX", "CLICK_TO_ACCEPT"]),
  ipAddress: z.string().min(2).max(45),
});

const text = (max: number) => z.string().min(1).max(max);
const countries = z.array(z.string().regex(COUNTRY, "ISO 3166-1 alpha-2 country code")).max(250);
const PURPOSES = [
  "CONTRACTOR_PAYOUTS",
  "CREATOR_PAYOUTS",
  "EMPLOYEE_PAYOUTS",
  "MARKETPLACE_SELLER_PAYOUTS",
  "SUPPLIER_PAYMENTS",
  "CROSS_BORDER_B2B",
  "AR_AUTOMATION",
  "AP_AUTOMATION",
  "EMBEDDED_PAYMENTS",
  "PLATFORM_FEE_COLLECTION",
  "P2P_TRANSFERS",
  "CHARITABLE_DONATIONS",
  "OTHER",
] as const;
const monthlyCount = z.enum([
  "COUNT_UNDER_10",
  "COUNT_10_TO_100",
  "COUNT_100_TO_500",
  "COUNT_500_TO_1000",
  "COUNT_OVER_1000",
]);
const monthlyVolume = z.enum([
  "VOLUME_UNDER_10K",
  "VOLUME_10K_TO_100K",
  "VOLUME_100K_TO_1M",
  "VOLUME_1M_TO_10M",
  "VOLUME_OVER_10M",
]);
const categories = <T extends readonly [string, ...string[]]>(values: T) => z.array(z.enum(values)).max(values.length);

/** Grid's IndividualCustomerFields beyond identity: the person's financial profile (stored as given, returned as stored). */
const individualProfileFields = {
  purposeOfAccount: z.enum(PURPOSES).optional(),
  purposeOfAccountOtherDescription: text(1000).optional(),
  sourceOfFundsCategories: categories([
    "SALARY",
    "SELF_EMPLOYMENT_INCOME",
    "INVESTMENT_INCOME",
    "PENSION",
    "RENTAL_INCOME",
    "GIFT",
    "INHERITANCE",
    "LOAN",
    "SAVINGS",
    "SALE_OF_ASSETS",
    "OTHER",
  ]).optional(),
  sourceOfFundsOtherDescription: text(1000).optional(),
  sourceOfWealthCategories: categories([
    "SALARY",
    "BUSINESS_INCOME",
    "INVESTMENTS",
    "INHERITANCE",
    "PROPERTY_SALE",
    "GIFT",
    "RETIREMENT",
    "SAVINGS",
    "OTHER",
  ]).optional(),
  sourceOfWealthOtherDescription: text(1000).optional(),
  expectedMonthlyTransactionCount: monthlyCount.optional(),
  expectedMonthlyTransactionVolume: monthlyVolume.optional(),
  annualIncomeRange: z.enum(["UNDER_50K", "RANGE_50K_100K", "RANGE_100K_250K", "RANGE_250K_1M", "OVER_1M"]).optional(),
  netWorthRange: z
    .enum(["UNDER_100K", "RANGE_100K_500K", "RANGE_500K_1M", "RANGE_1M_5M", "RANGE_5M_25M", "OVER_25M"])
    .optional(),
  pepStatus: z.enum(["NONE", "DOMESTIC", "FOREIGN", "HIO", "FAMILY_OR_ASSOCIATE"]).optional(),
};
export const INDIVIDUAL_PROFILE_KEYS = Object.keys(individualProfileFields) as (keyof typeof individualProfileFields)[];

/** Grid's BusinessInfo: the business's own data, under `businessInfo` (Grid's shape; no top-level alias). */
const businessInfoFields = {
  legalName: text(200),
  doingBusinessAs: text(200).optional(),
  country: z.string().regex(COUNTRY, "ISO 3166-1 alpha-2 country code"),
  registrationNumber: text(100).optional(),
  incorporatedOn: z.string().regex(DATE, "date YYYY-MM-DD"),
  entityType: z
    .enum([
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
    ])
    .optional(),
  taxId: text(100),
  countriesOfOperation: countries.optional(),
  businessType: z
    .enum([
      "AGRICULTURE_FORESTRY_FISHING_AND_HUNTING",
      "MINING_QUARRYING_AND_OIL_AND_GAS_EXTRACTION",
      "UTILITIES",
      "CONSTRUCTION",
      "MANUFACTURING",
      "WHOLESALE_TRADE",
      "RETAIL_TRADE",
      "TRANSPORTATION_AND_WAREHOUSING",
      "INFORMATION",
      "FINANCE_AND_INSURANCE",
      "REAL_ESTATE_AND_RENTAL_AND_LEASING",
      "PROFESSIONAL_SCIENTIFIC_AND_TECHNICAL_SERVICES",
      "MANAGEMENT_OF_COMPANIES_AND_ENTERPRISES",
      "ADMINISTRATIVE_AND_SUPPORT_AND_WASTE_MANAGEMENT_AND_REMEDIATION_SERVICES",
      "EDUCATIONAL_SERVICES",
      "HEALTH_CARE_AND_SOCIAL_ASSISTANCE",
      "ARTS_ENTERTAINMENT_AND_RECREATION",
      "ACCOMMODATION_AND_FOOD_SERVICES",
      "OTHER_SERVICES",
      "PUBLIC_ADMINISTRATION",
    ])
    .optional(),
  purposeOfAccount: z.enum(PURPOSES).optional(),
  purposeOfAccountOtherDescription: text(1000).optional(),
  sourceOfFunds: text(1000).optional(),
  sourceOfFundsCategories: categories([
    "OPERATING_REVENUE",
    "INVESTMENT_INCOME",
    "LOANS",
    "VENTURE_CAPITAL",
    "PERSONAL_SAVINGS",
    "DONATIONS",
    "OTHER",
  ]).optional(),
  sourceOfFundsOtherDescription: text(1000).optional(),
  expectedMonthlyTransactionCount: monthlyCount.optional(),
  expectedMonthlyTransactionVolume: monthlyVolume.optional(),
  expectedRecipientJurisdictions: countries.optional(),
  expectedCounterpartyCountries: countries.optional(),
  naicsCode: z
    .string()
    .regex(/^\d{2,6}$/, "NAICS code")
    .optional(),
  primaryContactFirstName: text(100).optional(),
  primaryContactLastName: text(100).optional(),
};
/** Creating a BUSINESS customer: Grid requires legalName, country, incorporatedOn and taxId. */
const businessInfoSchema = z.object(businessInfoFields).strict();
/** PATCH: every field optional; the given ones replace the stored ones. */
const businessInfoUpdateSchema = businessInfoSchema.partial().strict();

function customerFieldsWith<B extends z.ZodType>(businessInfo: B) {
  return {
    platformCustomerId: z.string().min(1).max(256).optional(),
    region: z.string().regex(COUNTRY, "ISO 3166-1 alpha-2 country code").optional(),
    email: z.email().max(254).optional(),
    phoneNumber: z.string().regex(E164, "E.164 phone number such as +14155550123").optional(),
    umaAddress: z
      .string()
      .regex(/^\$[A-Za-z0-9._-]{1,64}@[A-Za-z0-9.-]{1,253}$/, "UMA address such as $alice@example.com")
      .optional(),
    currencies: z
      .array(z.string().regex(/^[A-Z]{3,4}$/))
      .max(50)
      .optional(),
    endUserTermsConsent: endUserTermsConsentSchema.optional(),
    address: addressSchema.optional(),
    // INDIVIDUAL
    fullName: z.string().min(1).max(200).optional(),
    birthDate: z.string().regex(DATE, "date YYYY-MM-DD").optional(),
    nationality: z.string().regex(COUNTRY, "ISO 3166-1 alpha-2 country code").optional(),
    idType: z.enum(["SSN", "ITIN", "EIN", "NON_US_TAX_ID"]).optional(),
    identifier: z.string().min(1).max(64).optional().describe("Write-only: stored encrypted, never returned"),
    countryOfIssuance: z.string().regex(COUNTRY, "ISO 3166-1 alpha-2 country code").optional(),
    ...individualProfileFields,
    // BUSINESS
    businessInfo: businessInfo.optional(),
  };
}
const customerFields = customerFieldsWith(businessInfoSchema);
export const INDIVIDUAL_ONLY = [
  "fullName",
  "birthDate",
  "nationality",
  "idType",
  "identifier",
  "countryOfIssuance",
  ...INDIVIDUAL_PROFILE_KEYS,
] as const;
/** Run the per-type checks even when other fields are invalid, so that one answer lists every problem. */
const ALWAYS = { when: () => true };

/**
 * Grid's CustomerCreateRequestOneOf (discriminator `customerType`), as one object with per-type rules checked
 * together, so that an empty body lists every missing field at once (customerType, fullName or businessInfo)
 * rather than stopping at the discriminator.
 */
function customerCreateSchemaWith<B extends z.ZodType>(businessInfo: B) {
  return z
    .object({ customerType: z.enum(["INDIVIDUAL", "BUSINESS"]), ...customerFieldsWith(businessInfo) })
    .partial({ customerType: true })
    .strict()
    .superRefine((v, ctx) => {
      if (v.customerType === undefined) {
        ctx.addIssue({ code: "custom", path: ["customerType"], message: "Required: INDIVIDUAL or BUSINESS" });
      }
      if (v.customerType !== "BUSINESS" && !v.fullName) {
        ctx.addIssue({ code: "custom", path: ["fullName"], message: "Required for INDIVIDUAL customers" });
      }
      if (v.customerType === "BUSINESS") refuseOtherType(v, ctx, "BUSINESS");
      if (v.customerType === "INDIVIDUAL") refuseOtherType(v, ctx, "INDIVIDUAL");
      if (v.customerType === "BUSINESS" && !v.businessInfo) {
        ctx.addIssue({ code: "custom", path: ["businessInfo"], message: "Required for BUSINESS customers" });
      }
    }, ALWAYS);
}
const customerCreateSchema = customerCreateSchemaWith(businessInfoSchema);
export type CustomerCreate = z.infer<typeof customerCreateSchema>;
/**
 * A row of Grid's bulk CSV: its business columns are legal name, registration number and tax id only, so
 * the other BusinessInfo fields Grid requires at POST /customers are asked later, by the KYB submission.
 */
export const bulkCustomerCreateSchema = customerCreateSchemaWith(
  businessInfoSchema.partial().required({ legalName: true }),
);

/** A field of the other customer type is refused by name (Grid's variants do not have it). */
function refuseOtherType(v: Record<string, unknown>, ctx: z.RefinementCtx, type: "INDIVIDUAL" | "BUSINESS"): void {
  const foreign = type === "BUSINESS" ? INDIVIDUAL_ONLY : (["businessInfo"] as const);
  for (const f of foreign) {
    if (v[f] !== undefined) ctx.addIssue({ code: "custom", path: [f], message: `Not a field of ${type} customers` });
  }
}

/**
 * Grid's CustomerUpdateRequestOneOf: `customerType` names the variant (Grid requires it; we accept its absence
 * for callers of the earlier shape) and must be the customer's type.
 */
export const customerUpdateSchema = z
  .object({
    customerType: z.enum(["INDIVIDUAL", "BUSINESS"]).optional(),
    region: customerFields.region,
    email: customerFields.email,
    phoneNumber: customerFields.phoneNumber,
    umaAddress: customerFields.umaAddress,
    currencies: customerFields.currencies,
    endUserTermsConsent: customerFields.endUserTermsConsent,
    address: customerFields.address,
    fullName: customerFields.fullName,
    birthDate: customerFields.birthDate,
    nationality: customerFields.nationality,
    idType: customerFields.idType,
    identifier: customerFields.identifier,
    countryOfIssuance: customerFields.countryOfIssuance,
    ...individualProfileFields,
    businessInfo: businessInfoUpdateSchema.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.customerType) refuseOtherType(v, ctx, v.customerType);
  }, ALWAYS);
export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

const kycStatusSchema = z.enum(["APPROVED", "PENDING", "REJECTED", "UNVERIFIED", "HOLD"]);
const customerViewBase = {
  id: z.string().describe("Customer:<uuid>"),
  platformCustomerId: z.string(),
  umaAddress: z.string(),
  region: z.string().optional(),
  email: z.string().optional(),
  phoneNumber: z.string().optional(),
  currencies: z.array(z.string()),
  endUserTermsConsent: endUserTermsConsentSchema.optional(),
  address: addressSchema.optional(),
  contactVerification: z
    .object({ email: z.enum(["PENDING", "VERIFIED"]).optional(), phone: z.enum(["PENDING", "VERIFIED"]).optional() })
    .optional()
    .describe("Only for customers whose region (else address country) is in the EEA, Switzerland or the UK"),
  isDeleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
};
const individualCustomerSchema = z.object({
  ...customerViewBase,
  customerType: z.literal("INDIVIDUAL"),
  kycStatus: kycStatusSchema,
  fullName: z.string().optional(),
  birthDate: z.string().optional(),
  nationality: z.string().optional(),
  idType: customerFields.idType,
  countryOfIssuance: z.string().optional(),
  ...individualProfileFields,
});
const businessCustomerSchema = z.object({
  ...customerViewBase,
  customerType: z.literal("BUSINESS"),
  kybStatus: kycStatusSchema,
  businessInfo: businessInfoSchema.partial().extend({ legalName: z.string() }).optional(),
});
/** Grid's CustomerOneOf. */
export const customerSchema = z.discriminatedUnion("customerType", [individualCustomerSchema, businessCustomerSchema]);
export type Customer = z.infer<typeof customerSchema>;

export const customerIdParams = z.object({ customerId: z.string() });

const timestampFilter = (what: string) => z.iso.datetime({ offset: true }).optional().describe(what);
/** Grid's listCustomers filters; timestamps are inclusive bounds. */
const listCustomersQuery = paginationQuery.extend({
  platformCustomerId: z.string().max(256).optional(),
  customerType: z.enum(["INDIVIDUAL", "BUSINESS"]).optional(),
  createdAfter: timestampFilter("Created at or after"),
  createdBefore: timestampFilter("Created at or before"),
  updatedAfter: timestampFilter("Updated at or after"),
  updatedBefore: timestampFilter("Updated at or before"),
  region: z.string().regex(COUNTRY, "ISO 3166-1 alpha-2 country code").optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3,4}$/)
    .optional()
    .describe("Customers with this currency enabled"),
  umaAddress: z.string().max(320).optional(),
  isIncludingDeleted: queryBoolean.optional().describe("Include deleted customers (default false)"),
});
export type ListCustomersQuery = z.infer<typeof listCustomersQuery>;

export const createCustomerOp = defineOperation({
  operationId: "createCustomer",
  method: "POST",
  path: "/customers",
  summary: "Create a customer",
  description:
    "Creates an INDIVIDUAL or BUSINESS customer. Each known currency in `currencies` (other than USDB) gets an INTERNAL_FIAT (or INTERNAL_CRYPTO) account. With an email, an EMBEDDED_WALLET internal account (USDB) is provisioned in the same transaction, initialised with one EMAIL_OTP credential whose nickname is the email.",
  tags: ["Customers"],
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  body: customerCreateSchema,
  responses: { 201: { description: "The customer", schema: customerSchema }, ...errorResponses(400, 401, 409) },
});

export const listCustomersOp = defineOperation({
  operationId: "listCustomers",
  method: "GET",
  path: "/customers",
  summary: "List customers",
  tags: ["Customers"],
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  query: listCustomersQuery,
  responses: {
    200: { description: "A page of customers", schema: listResponse(customerSchema) },
    ...errorResponses(400, 401),
  },
});

export const deleteCustomerOp = defineOperation({
  operationId: "deleteCustomer",
  method: "DELETE",
  path: "/customers/{customerId}",
  summary: "Delete a customer",
  description:
    "Soft delete: the customer keeps its id and data with `isDeleted: true`, GET still answers it, lists show it only with `isIncludingDeleted=true`, its `platformCustomerId` may be used again; every other operation naming it (PATCH, kyc-link, verifications, external accounts, cards, agents, documents, quotes and transfers through its accounts …) answers 404 USER_NOT_FOUND. No webhook (Grid defines no customer-deleted event). Deleting it again answers 410 CUSTOMER_DELETED.",
  tags: ["Customers"],
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params: customerIdParams,
  responses: { 200: { description: "The deleted customer", schema: customerSchema }, ...errorResponses(401, 404, 410) },
});

export const getCustomerOp = defineOperation({
  operationId: "getCustomer",
  method: "GET",
  path: "/customers/{customerId}",
  summary: "Get a customer",
  tags: ["Customers"],
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  params: customerIdParams,
  responses: { 200: { description: "The customer", schema: customerSchema }, ...errorResponses(401, 404) },
});

export const updateCustomerOp = defineOperation({
  operationId: "updateCustomer",
  method: "PATCH",
  path: "/customers/{customerId}",
  summary: "Update a customer",
  description:
    "Plain updates answer 200 at once. `currencies` replaces the list, and each known currency in it (other than USDB) the customer holds no account in yet gets one, as on create (an account is never removed). Changing `email` while an EMAIL_OTP credential is tied to the customer's wallet is a signed retry (any active session of the wallet signs): 202, then the signed retry changes the customer email and the credential's nickname together. 409 EMAIL_OTP_EMAIL_ALREADY_EXISTS when another customer's EMAIL_OTP credential uses the email; 409 EMAIL_OTP_CREDENTIAL_SET_CHANGED when the tied credentials changed between the 202 and the retry.",
  tags: ["Customers"],
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params: customerIdParams,
  body: customerUpdateSchema,
  headers: signedRetryHeaders,
  responses: {
    ...signedRetryResponses({
      200: {
        description: "The updated customer, or PROCESSING (re-send the identical request)",
        schema: z.union([customerSchema, processingSchema]),
      },
    }),
    ...errorResponses(400, 401, 404, 409, 424),
  },
});

/** CUSTOMER.KYC_* (individuals) and CUSTOMER.KYB_* (businesses): the customer whose status changed. */
const kycEvents = {
  INDIVIDUAL: {
    PENDING: defineEvent("CUSTOMER.KYC_PENDING", customerSchema, "An individual's KYC is pending"),
    APPROVED: defineEvent("CUSTOMER.KYC_APPROVED", customerSchema, "An individual's KYC was approved"),
    REJECTED: defineEvent("CUSTOMER.KYC_REJECTED", customerSchema, "An individual's KYC was rejected"),
  },
  BUSINESS: {
    PENDING: defineEvent("CUSTOMER.KYB_PENDING", customerSchema, "A business's KYB is pending"),
    APPROVED: defineEvent("CUSTOMER.KYB_APPROVED", customerSchema, "A business's KYB was approved"),
    REJECTED: defineEvent("CUSTOMER.KYB_REJECTED", customerSchema, "A business's KYB was rejected"),
  },
};
export const kycEventList = [...Object.values(kycEvents.INDIVIDUAL), ...Object.values(kycEvents.BUSINESS)];

/** The event of a customer's new KYC/KYB status; UNVERIFIED has none. */
export function kycEvent(customerType: "INDIVIDUAL" | "BUSINESS", status: string) {
  return eventOf<string, (typeof kycEventList)[number]>(kycEvents[customerType], status, `${customerType} KYC`);
}
