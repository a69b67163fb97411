import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { defineEvent, eventOf } from "@/lib/server/core/events";
import { listResponse, paginationQuery } from "@/lib/server/core/pagination";
import { errorResponses } from "@/lib/server/core/common.contract";
import { customerIdParams } from "@/lib/server/customers/customer.contract";

const VERIFICATION_STATUSES = [
  "RESOLVE_ERRORS",
  "PENDING_MANUAL_REVIEW",
  "IN_PROGRESS",
  "APPROVED",
  "REJECTED",
  "READY_FOR_VERIFICATION",
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const DOCUMENT_TYPES = [
  "PASSPORT",
  "DRIVERS_LICENSE",
  "NATIONAL_ID",
  "PROOF_OF_ADDRESS",
  "BANK_STATEMENT",
  "TAX_RETURN",
  "CERTIFICATE_OF_INCORPORATION",
  "ARTICLES_OF_INCORPORATION",
  "ARTICLES_OF_ASSOCIATION",
  "STATE_REGISTRY_EXCERPT",
  "GOOD_STANDING_CERTIFICATE",
  "INFORMATION_STATEMENT",
  "INCUMBENCY_CERTIFICATE",
  "BUSINESS_LICENSE",
  "SHAREHOLDER_REGISTER",
  "POWER_OF_ATTORNEY",
  "UTILITY_BILL",
  "ELECTRICITY_BILL",
  "RENT_OR_LEASE_AGREEMENT",
  "DIRECTOR_REGISTRY",
  "TRUST_AGREEMENT",
  "STATE_COMPANY_REGISTRY",
  "PARTNERSHIP_CONTROL_AGREEMENT",
  "PARTNERSHIP_AGREEMENT",
  "SELFIE",
  "OTHER",
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

const VERIFICATION_ERROR_TYPES = [
  "MISSING_FIELD",
  "INVALID_FIELD",
  "MISSING_LEGAL_PRESENCE_DOCUMENT",
  "MISSING_CONTROL_STRUCTURE_DOCUMENT",
  "MISSING_OWNERSHIP_STRUCTURE_DOCUMENT",
  "MISSING_PROOF_OF_ADDRESS_DOCUMENT",
  "MISSING_IDENTITY_DOCUMENT",
  "INVALID_DOCUMENT",
  "EXPIRED_DOCUMENT",
  "POOR_QUALITY_DOCUMENT",
  "SUSPECTED_FRAUD_DOCUMENT",
  "WRONG_DOCUMENT_TYPE",
  "INCOMPLETE_DOCUMENT",
  "UNREADABLE_DOCUMENT",
  "DOCUMENT_VERIFICATION_FAILED",
  "APPLICANT_SANCTIONED",
  "APPLICANT_FRAUD",
  "APPLICANT_CRIMINAL_RECORD",
  "APPLICANT_REJECTED",
  "MISSING_BENEFICIAL_OWNER",
  "MISSING_CONTROL_PERSON",
  "MISSING_GOOD_STANDING_DOCUMENT",
] as const;

const verificationErrorSchema = z.object({
  resourceId: z.string().describe("Customer, BeneficialOwner or Document id the problem concerns"),
  type: z.enum(VERIFICATION_ERROR_TYPES),
  field: z.string().optional().describe("Dot-notation path of the field (MISSING_FIELD, INVALID_FIELD)"),
  acceptedDocumentTypes: z
    .array(z.enum(DOCUMENT_TYPES))
    .optional()
    .describe("Any one of these documents satisfies the requirement"),
  reason: z.string(),
});
export type VerificationError = z.infer<typeof verificationErrorSchema>;

const verificationSchema = z.object({
  id: z.string().describe("Verification:<uuid>"),
  customerId: z.string(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  errors: z.array(verificationErrorSchema),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type Verification = z.infer<typeof verificationSchema>;

const tags = ["KYC/KYB Verifications"];

export const createVerificationOp = defineOperation({
  operationId: "createVerification",
  method: "POST",
  path: "/verifications",
  summary: "Submit customer for verification",
  description:
    "Checks the customer's data, documents and (KYB) beneficial owners. Anything missing answers `verificationStatus: RESOLVE_ERRORS` with one entry per problem; call again after fixing. On an unregulated sandbox platform a complete submission is decided by the suffix rules in the README. A customer whose status is settled (APPROVED or REJECTED) answers 400. Emits `VERIFICATION.<status>` and, when the customer's status changes, `CUSTOMER.KYC_*` (or `CUSTOMER.KYB_*`).",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  body: z.object({ customerId: z.string().min(1).max(100) }),
  responses: { 200: { description: "The verification", schema: verificationSchema }, ...errorResponses(400, 401, 404) },
});

export const listVerificationsOp = defineOperation({
  operationId: "listVerifications",
  method: "GET",
  path: "/verifications",
  summary: "List verifications",
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  query: paginationQuery.extend({
    customerId: z.string().max(100).optional(),
    verificationStatus: z.enum(VERIFICATION_STATUSES).optional(),
  }),
  responses: {
    200: { description: "A page of verifications", schema: listResponse(verificationSchema) },
    ...errorResponses(400, 401),
  },
});

export const getVerificationOp = defineOperation({
  operationId: "getVerification",
  method: "GET",
  path: "/verifications/{verificationId}",
  summary: "Get a verification",
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  params: z.object({ verificationId: z.string() }),
  responses: { 200: { description: "The verification", schema: verificationSchema }, ...errorResponses(401, 404) },
});

const kycLinkSchema = z.object({
  kycUrl: z.string().describe("Single-use hosted URL on this service"),
  expiresAt: z.string(),
  provider: z.enum(["SUMSUB"]).describe("Informational; this service runs the hosted flow itself"),
  token: z.string().optional(),
});

export const createCustomerKycLinkOp = defineOperation({
  operationId: "createCustomerKycLink",
  method: "POST",
  path: "/customers/{customerId}/kyc-link",
  summary: "Generate a hosted KYC/KYB link for an existing customer",
  description:
    "A fresh single-use link (valid 24 h) each call; earlier links stay valid until used or expired. The customer's status does not change. 409 when the customer must verify contact details first and has not.",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params: customerIdParams,
  body: z.object({
    redirectUri: z
      .string()
      .url()
      .regex(/^https?:\/\//, "must start with https:// (or http:// for local development)")
      .optional(),
  }),
  bodyOptional: true,
  responses: { 201: { description: "The link", schema: kycLinkSchema }, ...errorResponses(400, 401, 404, 409) },
});

/** Grid client 0.7.0's `customers.getKYCLink`: the earlier GET form, by platformCustomerId (Grid has since moved to the POST). */
export const getCustomerKycLinkOp = defineOperation({
  operationId: "getCustomerKycLink",
  method: "GET",
  path: "/customers/kyc-link",
  summary: "Generate a hosted KYC/KYB link by platformCustomerId (deprecated form)",
  description:
    "Deprecated: the GET form Grid's official client 0.7.0 still calls; use POST /customers/{customerId}/kyc-link. The same link, for the active customer with this platformCustomerId (404 USER_NOT_FOUND otherwise), answered with its customerId and platformCustomerId.",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  query: z.object({
    platformCustomerId: z.string().min(1).max(256),
    redirectUri: z
      .string()
      .url()
      .regex(/^https?:\/\//, "must start with https:// (or http:// for local development)")
      .optional(),
  }),
  responses: {
    200: {
      description: "The link",
      schema: kycLinkSchema.extend({ customerId: z.string(), platformCustomerId: z.string() }),
    },
    ...errorResponses(400, 401, 404, 409),
  },
  deprecated: true,
});

const verificationEvents = {
  RESOLVE_ERRORS: defineEvent(
    "VERIFICATION.RESOLVE_ERRORS",
    verificationSchema,
    "A submission lacks data: errors[] says what",
  ),
  IN_PROGRESS: defineEvent("VERIFICATION.IN_PROGRESS", verificationSchema, "A submission is being checked"),
  PENDING_MANUAL_REVIEW: defineEvent(
    "VERIFICATION.PENDING_MANUAL_REVIEW",
    verificationSchema,
    "A submission waits for manual review",
  ),
  APPROVED: defineEvent("VERIFICATION.APPROVED", verificationSchema, "A submission was approved"),
  REJECTED: defineEvent("VERIFICATION.REJECTED", verificationSchema, "A submission was rejected"),
};
export const verificationEventList = Object.values(verificationEvents);

/** The event of a submission's outcome; READY_FOR_VERIFICATION is never an outcome and has none. */
export function verificationEvent(status: VerificationStatus) {
  return eventOf<string, (typeof verificationEvents)[keyof typeof verificationEvents]>(
    verificationEvents,
    status,
    "verification",
  );
}
