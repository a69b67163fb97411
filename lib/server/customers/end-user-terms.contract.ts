import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { errorResponses } from "@/lib/server/core/common.contract";

export const getEndUserTermsOp = defineOperation({
  operationId: "getEndUserTerms",
  method: "GET",
  path: "/customers/end-user-terms",
  summary: "The current end-user terms",
  description:
    "Record a customer's consent with `endUserTermsConsent {termsVersion, acceptedAt, …}` on POST or PATCH /customers; quotes need it.",
  tags: ["Customers"],
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  responses: {
    200: { description: "Terms", schema: z.object({ version: z.string(), url: z.string() }) },
    ...errorResponses(401),
  },
});
