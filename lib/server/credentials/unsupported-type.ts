import { invalidInput } from "@/lib/server/core/validation";
import type { ApiError } from "@/lib/server/core/errors";

export function unsupportedType(type: string, what: string): ApiError {
  return invalidInput(
    [{ field: "type", message: `${what} is not supported for type ${type}` }],
    `${what} is not available for ${type} credentials on this service`,
    { reason: "CREDENTIAL_TYPE_NOT_SUPPORTED" },
  );
}
