import { z } from "zod";
import { addressSchema, COUNTRY, DATE, E164 } from "@/lib/server/customers/customer.contract";
import { defineOperation } from "@/lib/server/core/operation";
import { listResponse, paginationQuery } from "@/lib/server/core/pagination";
import { errorResponses } from "@/lib/server/core/common.contract";

const BENEFICIAL_OWNER_ROLES = [
  "UBO",
  "DIRECTOR",
  "COMPANY_OFFICER",
  "CONTROL_PERSON",
  "TRUSTEE",
  "GENERAL_PARTNER",
] as const;
const idTypeSchema = z.enum(["SSN", "ITIN", "EIN", "NON_US_TAX_ID"]);

const personalInfoFields = {
  firstName: z.string().min(1).max(100),
  middleName: z.string().min(1).max(100).optional(),
  lastName: z.string().min(1).max(100),
  birthDate: z.string().regex(DATE, "date YYYY-MM-DD"),
  nationality: z.string().regex(COUNTRY, "ISO 3166-1 alpha-2 country code"),
  email: z.email().max(254).optional(),
  phoneNumber: z.string().regex(E164, "E.164 phone number such as +14155550123").optional(),
  address: addressSchema,
  idType: idTypeSchema,
  identifier: z.string().min(1).max(64).describe("Write-only: stored encrypted, never returned"),
  countryOfIssuance: z.string().regex(COUNTRY, "ISO 3166-1 alpha-2 country code").optional(),
};

const personalInfoCreateSchema = z.object(personalInfoFields);
const personalInfoUpdateSchema = z.object(personalInfoFields).partial().strict();

const beneficialOwnerCreateSchema = z.object({
  customerId: z.string().min(1).max(100),
  roles: z.array(z.enum(BENEFICIAL_OWNER_ROLES)).min(1).max(6),
  ownershipPercentage: z.number().int().min(0).max(100),
  personalInfo: personalInfoCreateSchema,
});
export type BeneficialOwnerCreate = z.infer<typeof beneficialOwnerCreateSchema>;

const beneficialOwnerUpdateSchema = z
  .object({
    roles: z.array(z.enum(BENEFICIAL_OWNER_ROLES)).min(1).max(6),
    ownershipPercentage: z.number().int().min(0).max(100),
    personalInfo: personalInfoUpdateSchema,
  })
  .partial()
  .strict();
export type BeneficialOwnerUpdate = z.infer<typeof beneficialOwnerUpdateSchema>;

const beneficialOwnerSchema = z.object({
  id: z.string().describe("BeneficialOwner:<uuid>"),
  customerId: z.string(),
  roles: z.array(z.enum(BENEFICIAL_OWNER_ROLES)),
  ownershipPercentage: z.number().int(),
  personalInfo: personalInfoCreateSchema.omit({ identifier: true }),
  kycStatus: z.enum(["UNVERIFIED", "PENDING", "APPROVED", "REJECTED", "HOLD"]),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BeneficialOwner = z.infer<typeof beneficialOwnerSchema>;

const tags = ["KYC/KYB Verifications"];
const params = z.object({ beneficialOwnerId: z.string() });

export const createBeneficialOwnerOp = defineOperation({
  operationId: "createBeneficialOwner",
  method: "POST",
  path: "/beneficial-owners",
  summary: "Create a beneficial owner",
  description:
    "Adds a beneficial owner, director, control person… to a BUSINESS customer (400 for an INDIVIDUAL). `identifier` is write-only and stored encrypted. The owner's KYC is decided with the business's KYB (sandbox: by the last three characters of `lastName`).",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  body: beneficialOwnerCreateSchema,
  responses: {
    201: { description: "The beneficial owner", schema: beneficialOwnerSchema },
    ...errorResponses(400, 401, 404),
  },
});

export const listBeneficialOwnersOp = defineOperation({
  operationId: "listBeneficialOwners",
  method: "GET",
  path: "/beneficial-owners",
  summary: "List beneficial owners",
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  query: paginationQuery.extend({ customerId: z.string().max(100) }),
  responses: {
    200: { description: "A page of beneficial owners", schema: listResponse(beneficialOwnerSchema) },
    ...errorResponses(400, 401),
  },
});

export const getBeneficialOwnerOp = defineOperation({
  operationId: "getBeneficialOwner",
  method: "GET",
  path: "/beneficial-owners/{beneficialOwnerId}",
  summary: "Get a beneficial owner",
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  params,
  responses: {
    200: { description: "The beneficial owner", schema: beneficialOwnerSchema },
    ...errorResponses(401, 404),
  },
});

export const updateBeneficialOwnerOp = defineOperation({
  operationId: "updateBeneficialOwner",
  method: "PATCH",
  path: "/beneficial-owners/{beneficialOwnerId}",
  summary: "Update a beneficial owner",
  description:
    "`personalInfo` fields are merged into the stored ones. A settled (APPROVED or REJECTED) owner keeps its status.",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params,
  body: beneficialOwnerUpdateSchema,
  responses: {
    200: { description: "The beneficial owner", schema: beneficialOwnerSchema },
    ...errorResponses(400, 401, 404),
  },
});
