import { z } from "zod";
import { defineOperation } from "@/lib/api-core/operation";
import { listResponse, paginationQuery } from "@/lib/api-core/pagination";
import { errorResponses } from "@/lib/api-core/common.contract";
import { processingSchema, signedRetryHeaders, signedRetryResponses } from "@/lib/signed-retry/signed-retry.contract";

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
export const endUserTermsConsentSchema = z.object({
  termsVersion: z.string().min(1).max(50),
  acceptedAt: z.iso.datetime({ offset: true }),
  acceptanceMethod: z.enum(["CHECKBOX", "CLICK_TO_ACCEPT", "SIGNATURE", "OTHER"]).optional(),
  ipAddress: z.string().max(45).optional(),
});

const customerFields = {
  platformCustomerId: z.string().min(1).max(256).optional(),
  email: z.email().max(254).optional(),
  phoneNumber: z.string().regex(E164, "E.164 phone number such as +14155550123").optional(),
  umaAddress: z
    .string()
    .regex(/^\$[A-Za-z0-9._-]{1,64}@[A-Za-z0-9.-]{1,253}$/, "UMA address such as $alice@example.com")
    .optional(),
  currencies: z.array(z.string().regex(/^[A-Z]{3,4}$/)).max(50).optional(),
  endUserTermsConsent: endUserTermsConsentSchema.optional(),
  // INDIVIDUAL
  fullName: z.string().min(1).max(200).optional(),
  birthDate: z.string().regex(DATE, "date YYYY-MM-DD").optional(),
  nationality: z.string().regex(COUNTRY, "ISO 3166-1 alpha-2 country code").optional(),
  region: z.string().regex(COUNTRY, "ISO 3166-1 alpha-2 country code").optional().describe("Regulatory jurisdiction; defaults to the address country"),
  address: addressSchema.optional(),
  idType: z.enum(["SSN", "ITIN", "EIN", "NON_US_TAX_ID"]).optional(),
  identifier: z.string().min(1).max(64).optional().describe("Write-only: stored encrypted, never returned"),
  countryOfIssuance: z.string().regex(COUNTRY, "ISO 3166-1 alpha-2 country code").optional(),
  // BUSINESS
  legalName: z.string().min(1).max(200).optional(),
  registrationNumber: z.string().min(1).max(100).optional(),
  taxId: z.string().min(1).max(100).optional(),
};

/**
 * One object with per-type required fields checked together, so that an empty body lists every
 * missing field at once (customerType, and fullName/legalName) rather than stopping at the discriminator.
 */
export const customerCreateSchema = z
  .object({ customerType: z.enum(["INDIVIDUAL", "BUSINESS"]), ...customerFields })
  .partial({ customerType: true })
  .superRefine((v, ctx) => {
    if (v.customerType === undefined) {
      ctx.addIssue({ code: "custom", path: ["customerType"], message: "Required: INDIVIDUAL or BUSINESS" });
    }
    if (v.customerType !== "BUSINESS" && !v.fullName) {
      ctx.addIssue({ code: "custom", path: ["fullName"], message: "Required for INDIVIDUAL customers" });
    }
    if (v.customerType === "BUSINESS" && !v.legalName) {
      ctx.addIssue({ code: "custom", path: ["legalName"], message: "Required for BUSINESS customers" });
    }
  });
export type CustomerCreate = z.infer<typeof customerCreateSchema>;

export const customerUpdateSchema = z
  .object({
    email: customerFields.email,
    phoneNumber: customerFields.phoneNumber,
    umaAddress: customerFields.umaAddress,
    currencies: customerFields.currencies,
    endUserTermsConsent: customerFields.endUserTermsConsent,
    fullName: customerFields.fullName,
    birthDate: customerFields.birthDate,
    nationality: customerFields.nationality,
    region: customerFields.region,
    address: customerFields.address,
    idType: customerFields.idType,
    identifier: customerFields.identifier,
    countryOfIssuance: customerFields.countryOfIssuance,
    legalName: customerFields.legalName,
    registrationNumber: customerFields.registrationNumber,
    taxId: customerFields.taxId,
  })
  .strict();
export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

export const customerSchema = z.object({
  id: z.string().describe("Customer:<uuid>"),
  platformCustomerId: z.string(),
  customerType: z.enum(["INDIVIDUAL", "BUSINESS"]),
  umaAddress: z.string(),
  email: z.string().optional(),
  phoneNumber: z.string().optional(),
  currencies: z.array(z.string()),
  kycStatus: z.enum(["APPROVED", "PENDING", "REJECTED", "UNVERIFIED", "HOLD"]),
  kybStatus: z.enum(["APPROVED", "PENDING", "REJECTED", "UNVERIFIED", "HOLD"]).optional().describe("BUSINESS customers: the same value as kycStatus"),
  endUserTermsConsent: endUserTermsConsentSchema.optional(),
  contactVerification: z
    .object({ email: z.enum(["PENDING", "VERIFIED"]).optional(), phone: z.enum(["PENDING", "VERIFIED"]).optional() })
    .optional()
    .describe("Only for customers whose region (else address country) is in the EEA, Switzerland or the UK"),
  fullName: z.string().optional(),
  birthDate: z.string().optional(),
  nationality: z.string().optional(),
  region: z.string().optional(),
  address: addressSchema.optional(),
  idType: z.string().optional(),
  countryOfIssuance: z.string().optional(),
  legalName: z.string().optional(),
  registrationNumber: z.string().optional(),
  taxId: z.string().optional(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerIdParams = z.object({ customerId: z.string() });

export const createCustomerOp = defineOperation({
  operationId: "createCustomer",
  method: "POST",
  path: "/customers",
  summary: "Create a customer",
  description:
    "Creates an INDIVIDUAL or BUSINESS customer. Each known currency in `currencies` (other than USDB) gets an INTERNAL_FIAT (or INTERNAL_CRYPTO) account. With an email, an EMBEDDED_WALLET internal account (USDB) is provisioned in the same transaction, initialised with one EMAIL_OTP credential whose nickname is the email.",
  tags: ["Customers"],
  auth: "platform",
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
  query: paginationQuery.extend({ platformCustomerId: z.string().max(256).optional() }),
  responses: { 200: { description: "A page of customers", schema: listResponse(customerSchema) }, ...errorResponses(400, 401) },
});

export const getCustomerOp = defineOperation({
  operationId: "getCustomer",
  method: "GET",
  path: "/customers/{customerId}",
  summary: "Get a customer",
  tags: ["Customers"],
  auth: "platform",
  params: customerIdParams,
  responses: { 200: { description: "The customer", schema: customerSchema }, ...errorResponses(401, 404) },
});

export const updateCustomerOp = defineOperation({
  operationId: "updateCustomer",
  method: "PATCH",
  path: "/customers/{customerId}",
  summary: "Update a customer",
  description:
    "Plain updates answer 200 at once. Changing `email` while an EMAIL_OTP credential is tied to the customer's wallet is a signed retry (any active session of the wallet signs): 202, then the signed retry changes the customer email and the credential's nickname together. 409 EMAIL_OTP_EMAIL_ALREADY_EXISTS when another customer's EMAIL_OTP credential uses the email; 409 EMAIL_OTP_CREDENTIAL_SET_CHANGED when the tied credentials changed between the 202 and the retry.",
  tags: ["Customers"],
  auth: "platform",
  params: customerIdParams,
  body: customerUpdateSchema,
  headers: signedRetryHeaders,
  responses: {
    ...signedRetryResponses({
      200: { description: "The updated customer, or PROCESSING (re-send the identical request)", schema: z.union([customerSchema, processingSchema]) },
    }),
    ...errorResponses(400, 401, 404, 409),
  },
});
