import { z } from "zod";
import type { ResponseSpec } from "./operation";

const errorSchema = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});

const DESCRIPTIONS: Record<number, string> = {
  400: "Invalid input: details.errors[] lists every invalid field",
  401: "Unauthorized (credentials, wallet signature or Request-Id)",
  403: "Forbidden",
  404: "Not found (also for another tenant's resource)",
  409: "Conflict",
  410: "Gone (a deleted customer: CUSTOMER_DELETED)",
  413: "Body over 1 MiB",
  412: "Precondition failed: the UMA counterparty does not support our UMA version (UNSUPPORTED_UMA_VERSION)",
  423: "Locked",
  424: "Failed dependency: an UMA counterparty failed (LNURLP_REQUEST_FAILED) or EMAIL_OTP_CREDENTIAL_SYNC_FAILED",
  429: "Rate limited; honour Retry-After",
  500: "Internal error",
};

type ErrorSpec = { description: string; schema: typeof errorSchema };

/** The error responses of an operation, each status kept in the type (a handler's reply is typed by them). */
export function errorResponses<const S extends number>(...statuses: S[]): { [K in S | 500]: ErrorSpec } {
  const out: Record<number, ResponseSpec> = {};
  for (const s of [...statuses, 500]) out[s] = { description: DESCRIPTIONS[s] ?? "Error", schema: errorSchema };
  return out as { [K in S | 500]: ErrorSpec };
}
