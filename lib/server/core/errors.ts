/**
 * The one error table: every error code the service answers with, and its HTTP status.
 * Codes come from the spec's Errors section and from docs/protocol.md
 * ("Error codes the spec does not name"). Handlers throw ApiError; the handler wrapper answers.
 */
export const ERROR_STATUS = {
  // 400
  INVALID_INPUT: 400,
  INVALID_JSON: 400,
  EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS: 400,
  SMS_OTP_CREDENTIAL_ALREADY_EXISTS: 400,
  PASSKEY_CREDENTIAL_ALREADY_EXISTS: 400,
  TRANSACTION_SIZE_LIMIT_EXCEEDED: 400,
  EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED: 400,
  DEVICE_CODE_ALREADY_REDEEMED: 400,
  DEVICE_CODE_EXPIRED: 400,
  WEBHOOK_ENDPOINT_NOT_SET: 400,
  WEBHOOK_DELIVERY_ERROR: 400,
  INSUFFICIENT_FUNDS: 400,
  QUOTE_EXPIRED: 400,
  INVALID_BANK_ACCOUNT: 400,
  CARDHOLDER_KYC_NOT_APPROVED: 400,
  FUNDING_SOURCE_INELIGIBLE: 400,
  STABLECOIN_PROVIDER_ACCOUNT_INVALID: 400,
  STABLECOIN_PROVIDER_ACCOUNT_REVOKED: 400,
  STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED: 400,
  MISSING_MANDATORY_USER_INFO: 400,
  INVITATION_ALREADY_CLAIMED: 400,
  INVITATION_CANCELLED: 400,
  // 401
  UNAUTHORIZED: 401,
  INVALID_SIGNATURE: 401,
  WALLET_SIGNATURE_MISSING: 401,
  WALLET_SIGNATURE_MALFORMED: 401,
  WALLET_SIGNATURE_BODY_MISMATCH: 401,
  WALLET_SIGNATURE_INVALID: 401,
  REQUEST_ID_MISSING: 401,
  // 403
  FORBIDDEN: 403,
  END_USER_TERMS_NOT_ACCEPTED: 403,
  USER_NOT_READY: 403,
  // 404
  NOT_FOUND: 404,
  TRANSACTION_NOT_FOUND: 404,
  INVITATION_NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  QUOTE_NOT_FOUND: 404,
  LOOKUP_REQUEST_NOT_FOUND: 404,
  TOKEN_NOT_FOUND: 404,
  BULK_UPLOAD_JOB_NOT_FOUND: 404,
  REFERENCE_NOT_FOUND: 404,
  UMA_NOT_FOUND: 404,
  STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND: 404,
  EXTERNAL_ACCOUNT_NOT_FOUND: 404,
  INTERNAL_ACCOUNT_NOT_FOUND: 404,
  CREDENTIAL_NOT_FOUND: 404,
  SESSION_NOT_FOUND: 404,
  AGENT_NOT_FOUND: 404,
  AGENT_ACTION_NOT_FOUND: 404,
  DEVICE_CODE_NOT_FOUND: 404,
  VERIFICATION_NOT_FOUND: 404,
  BENEFICIAL_OWNER_NOT_FOUND: 404,
  DOCUMENT_NOT_FOUND: 404,
  CARD_NOT_FOUND: 404,
  CARD_TRANSACTION_NOT_FOUND: 404,
  CARD_REVEAL_NOT_FOUND: 404,
  SCA_FACTOR_NOT_FOUND: 404,
  SCA_RESET_NOT_FOUND: 404,
  STABLECOIN_NOT_FOUND: 404,
  STABLECOIN_OPERATION_NOT_FOUND: 404,
  // 405
  METHOD_NOT_ALLOWED: 405,
  // 409
  CONFLICT: 409,
  SCA_SESSION_REQUIRED: 409,
  BENEFICIARY_TRUSTED: 409,
  TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL: 409,
  TRANSACTION_NOT_CANCELLABLE: 409,
  EMAIL_OTP_EMAIL_ALREADY_EXISTS: 409,
  EMAIL_OTP_CREDENTIAL_SET_CHANGED: 409,
  INVALID_STATE_TRANSITION: 409,
  QUOTE_ALREADY_EXECUTED: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  CARD_ALREADY_CLOSED: 409,
  CARD_NOT_MUTABLE: 409,
  // 408
  UPLOAD_TIMEOUT: 408,
  // 410
  CUSTOMER_DELETED: 410,
  // 412
  UNSUPPORTED_UMA_VERSION: 412,
  // 413
  PAYLOAD_TOO_LARGE: 413,
  // 415
  UNSUPPORTED_MEDIA_TYPE: 415,
  // 423
  ACCOUNT_LOCKED: 423,
  // 424
  EMAIL_OTP_CREDENTIAL_SYNC_FAILED: 424,
  LNURLP_REQUEST_FAILED: 424,
  // 429
  RATE_LIMITED: 429,
  DAILY_VOLUME_LIMIT_EXCEEDED: 429,
  // 501
  NOT_IMPLEMENTED: 501,
  // 500
  SERVICE_SWITCH_ERROR: 500,
  INTERNAL_ERROR: 500,
  // 503
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  status: number;
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>, headers?: Record<string, string>) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
    this.headers = headers;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { status: this.status, code: this.code, message: this.message };
    if (this.details !== undefined) body.details = this.details;
    return body;
  }
}

/** A 404 that reads the same whether the resource is absent or belongs to another tenant. */
export function notFound(code: ErrorCode, what: string, id: string): ApiError {
  return new ApiError(code, `${what} ${id} was not found`);
}

export function unauthorized(message = "Missing or invalid credentials", details?: Record<string, unknown>): ApiError {
  return new ApiError("UNAUTHORIZED", message, details);
}

export function rateLimited(retryAfterSeconds: number, what: string): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(
    "RATE_LIMITED",
    `Too many ${what}; retry after ${seconds} s`,
    { retryAfterSeconds: seconds },
    { "Retry-After": String(seconds) },
  );
}
