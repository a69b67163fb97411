import { z } from "zod";
import { env } from "@/lib/shared/config/env";
import { COUNTRY } from "@/lib/server/customers/customer.contract";
import { defineOperation } from "@/lib/server/core/operation";
import { listResponse, paginationQuery } from "@/lib/server/core/pagination";
import { errorResponses } from "@/lib/server/core/common.contract";
import { DOCUMENT_TYPES } from "@/lib/server/verifications/verification.contract";

/** Multipart text fields arrive as strings; an empty one counts as absent. */
const optionalText = (max: number) => z.preprocess((v) => (v === "" ? undefined : v), z.string().max(max).optional());

const fileField = z
  .instanceof(File, { message: "Required: the document file (PDF, JPEG or PNG)" })
  .meta({ type: "string", format: "binary" });

const baseFields = {
  file: fileField,
  documentType: z.enum(DOCUMENT_TYPES),
  side: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["FRONT", "BACK"]).optional()),
  country: z.string().regex(COUNTRY, "ISO 3166-1 alpha-2 country code"),
  documentNumber: optionalText(100),
  issuingAuthority: optionalText(200),
};

const documentUploadSchema = z.object({
  ...baseFields,
  documentHolder: z.string().min(1).max(100).describe("Customer:… or BeneficialOwner:…"),
});
export type DocumentUpload = z.infer<typeof documentUploadSchema>;
const documentReplaceSchema = z.object(baseFields);
export type DocumentReplace = z.infer<typeof documentReplaceSchema>;

const documentSchema = z.object({
  id: z.string().describe("Document:<uuid>"),
  documentHolder: z.string(),
  documentType: z.enum(DOCUMENT_TYPES),
  side: z.enum(["FRONT", "BACK"]).optional(),
  country: z.string(),
  documentNumber: z.string().optional(),
  issuingAuthority: z.string().optional(),
  fileName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type Document = z.infer<typeof documentSchema>;

const tags = ["Documents"];
const params = z.object({ documentId: z.string() });
/** The file limit plus room for the other form fields. */
const MULTIPART_CAP = () => env().DOCUMENT_MAX_BYTES + 64 * 1024;
const UPLOAD_RULES =
  "multipart/form-data with the file in `file`. PDF, JPEG or PNG, decided from the file's bytes (the part's Content-Type is ignored); at most DOCUMENT_MAX_BYTES (10 MB). The bytes are stored encrypted under the key-encryption key.";

export const uploadDocumentOp = defineOperation({
  operationId: "uploadDocument",
  method: "POST",
  path: "/documents",
  summary: "Upload a document",
  description: `Upload a verification document for a customer or beneficial owner. ${UPLOAD_RULES}`,
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  body: documentUploadSchema,
  bodyEncoding: "multipart/form-data",
  maxBodyBytes: MULTIPART_CAP,
  responses: {
    201: { description: "The document", schema: documentSchema },
    ...errorResponses(400, 401, 404, 413, 415),
  },
});

export const listDocumentsOp = defineOperation({
  operationId: "listDocuments",
  method: "GET",
  path: "/documents",
  summary: "List documents",
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  query: paginationQuery.extend({ documentHolder: z.string().max(100).optional() }),
  responses: {
    200: { description: "A page of documents", schema: listResponse(documentSchema) },
    ...errorResponses(400, 401),
  },
});

export const getDocumentOp = defineOperation({
  operationId: "getDocument",
  method: "GET",
  path: "/documents/{documentId}",
  summary: "Get a document by ID",
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  params,
  responses: { 200: { description: "The document's metadata", schema: documentSchema }, ...errorResponses(401, 404) },
});

export const replaceDocumentOp = defineOperation({
  operationId: "replaceDocument",
  method: "PUT",
  path: "/documents/{documentId}",
  summary: "Replace a document",
  description: `Replace the file and metadata (for example after POOR_QUALITY_DOCUMENT). ${UPLOAD_RULES} 400 INVALID_INPUT (details.reason DOCUMENT_SUBMITTED) once the holder's verification is under review or settled: Grid documents no 409 here.`,
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params,
  body: documentReplaceSchema,
  bodyEncoding: "multipart/form-data",
  maxBodyBytes: MULTIPART_CAP,
  responses: {
    200: { description: "The document", schema: documentSchema },
    ...errorResponses(400, 401, 404, 413, 415),
  },
});

export const deleteDocumentOp = defineOperation({
  operationId: "deleteDocument",
  method: "DELETE",
  path: "/documents/{documentId}",
  summary: "Delete a document",
  description: "409 once the holder's verification is under review or settled (the document was submitted).",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params,
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 404, 409) },
});

export const downloadDocumentOp = defineOperation({
  operationId: "downloadDocument",
  method: "GET",
  path: "/documents/{documentId}/file",
  summary: "Download a document's file",
  description:
    "This service's addition (Grid has no download): the decrypted bytes with their detected content type, `Cache-Control: no-store`.",
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  params,
  responses: {
    200: { description: "The file (application/pdf, image/jpeg or image/png)" },
    ...errorResponses(401, 404),
  },
});
