import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { errorResponses } from "@/lib/server/core/common.contract";

/** Grid's CSV columns (POST /customers/bulk/csv). */
export const REQUIRED_COLUMNS = ["umaAddress", "platformCustomerId", "customerType"] as const;
export const CSV_COLUMNS = [
  ...REQUIRED_COLUMNS,
  "fullName",
  "birthDate",
  "email",
  "businessLegalName",
  "businessRegistrationNumber",
  "businessTaxId",
  "addressLine1",
  "addressLine2",
  "city",
  "state",
  "postalCode",
  "country",
  "platformAccountId",
  "description",
] as const;

const jobStatus = z.enum(["PENDING", "PROCESSING", "COMPLETED", "FAILED"]);

const bulkImportJobSchema = z.object({
  id: z.string().describe("Job:<uuid>"),
  status: jobStatus,
  progress: z.object({
    total: z.number().int(),
    processed: z.number().int(),
    successful: z.number().int(),
    failed: z.number().int(),
  }),
  errors: z
    .array(
      z.object({
        correlationId: z.string().describe("platformCustomerId of the row, or `row <n>` when it has none"),
        code: z.string(),
        message: z.string(),
        details: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .optional()
    .describe("One entry per failed row (the first 1000)"),
  completedAt: z.string().optional(),
});
export type BulkImportJob = z.infer<typeof bulkImportJobSchema>;

export const uploadCustomersCsvOp = defineOperation({
  operationId: "uploadCustomersCsv",
  method: "POST",
  path: "/customers/bulk/csv",
  summary: "Upload customers via CSV file",
  description:
    `multipart/form-data with one \`file\` part: a CSV with a header row of Grid's columns (${CSV_COLUMNS.join(", ")}); ` +
    "umaAddress, platformCustomerId and customerType are required columns. The file is streamed and stored as a job; workers on any " +
    "instance create the customers in batches (each row exactly once, resumed after a crash) and report per-row errors at " +
    "GET /customers/bulk/jobs/{jobId}. Larger than BULK_IMPORT_MAX_BYTES → 413.",
  tags: ["Customers"],
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  responses: {
    202: {
      description: "Accepted",
      schema: z.object({ jobId: z.string(), status: z.enum(["PENDING", "PROCESSING"]) }),
    },
    ...errorResponses(400, 401, 403, 413),
    415: { description: "Not multipart/form-data" },
  },
});

export const getBulkImportJobOp = defineOperation({
  operationId: "getBulkCustomerImportJob",
  method: "GET",
  path: "/customers/bulk/jobs/{jobId}",
  summary: "Get bulk import job status",
  tags: ["Customers"],
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  params: z.object({ jobId: z.string().max(100) }),
  responses: {
    200: { description: "The job with its progress and errors", schema: bulkImportJobSchema },
    ...errorResponses(401, 403, 404),
  },
});
