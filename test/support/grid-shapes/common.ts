/**
 * Grid's shapes shared by every area (from Grid's public OpenAPI, components `Error4xx`/`Error5xx` and the
 * `*ListResponse` pages), written as our own zod schemas.
 */
import { z } from "zod";

/**
 * The error codes Grid documents per status (its `ErrorNNN` schemas), our hand-written model of them;
 * test/contract/error-codes-grid.test.ts checks it against Grid's document at run time, so it cannot drift.
 */
export const GRID_ERROR_CODES = {
  400: [
    "INVALID_INPUT",
    "END_USER_TERMS_VERSION_NOT_FOUND",
    "MISSING_MANDATORY_USER_INFO",
    "INVITATION_ALREADY_CLAIMED",
    "INVITATIONS_NOT_CONFIGURED",
    "INVALID_UMA_ADDRESS",
    "INVITATION_CANCELLED",
    "QUOTE_REQUEST_FAILED",
    "INVALID_PAYREQ_RESPONSE",
    "INVALID_RECEIVER",
    "PARSE_PAYREQ_RESPONSE_ERROR",
    "CERT_CHAIN_INVALID",
    "CERT_CHAIN_EXPIRED",
    "INVALID_PUBKEY_FORMAT",
    "MISSING_REQUIRED_UMA_PARAMETERS",
    "SENDER_NOT_ACCEPTED",
    "AMOUNT_OUT_OF_RANGE",
    "INVALID_CURRENCY",
    "INVALID_TIMESTAMP",
    "INVALID_NONCE",
    "INVALID_REQUEST_FORMAT",
    "INVALID_BANK_ACCOUNT",
    "SELF_PAYMENT",
    "LOOKUP_REQUEST_FAILED",
    "PARSE_LNURLP_RESPONSE_ERROR",
    "INVALID_AMOUNT",
    "WEBHOOK_ENDPOINT_NOT_SET",
    "WEBHOOK_DELIVERY_ERROR",
    "LOW_QUALITY",
    "DATA_MISMATCH",
    "EXPIRED",
    "SUSPECTED_FRAUD",
    "UNSUITABLE_DOCUMENT",
    "INCOMPLETE",
    "EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS",
    "SMS_OTP_CREDENTIAL_ALREADY_EXISTS",
    "PASSKEY_CREDENTIAL_ALREADY_EXISTS",
    "STABLECOIN_PROVIDER_ACCOUNT_INVALID",
    "STABLECOIN_PROVIDER_ACCOUNT_REVOKED",
    "STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED",
    "CARDHOLDER_KYC_NOT_APPROVED",
    "TRANSACTION_SIZE_LIMIT_EXCEEDED",
    "EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED",
  ],
  401: [
    "UNAUTHORIZED",
    "INVALID_SIGNATURE",
    "WALLET_SIGNATURE_MISSING",
    "WALLET_SIGNATURE_MALFORMED",
    "WALLET_SIGNATURE_BODY_MISMATCH",
    "WALLET_SIGNATURE_INVALID",
    "REQUEST_ID_MISSING",
  ],
  403: [
    "FORBIDDEN",
    "USER_NOT_READY",
    "COUNTERPARTY_NOT_ALLOWED",
    "VELOCITY_LIMIT_EXCEEDED",
    "END_USER_TERMS_NOT_ACCEPTED",
  ],
  404: [
    "TRANSACTION_NOT_FOUND",
    "INVITATION_NOT_FOUND",
    "USER_NOT_FOUND",
    "QUOTE_NOT_FOUND",
    "LOOKUP_REQUEST_NOT_FOUND",
    "TOKEN_NOT_FOUND",
    "BULK_UPLOAD_JOB_NOT_FOUND",
    "REFERENCE_NOT_FOUND",
    "UMA_NOT_FOUND",
    "STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND",
  ],
  405: ["METHOD_NOT_ALLOWED"],
  409: [
    "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL",
    "TRANSACTION_NOT_CANCELLABLE",
    "UMA_ADDRESS_EXISTS",
    "EMAIL_OTP_EMAIL_ALREADY_EXISTS",
    "EMAIL_OTP_CREDENTIAL_SET_CHANGED",
    "PASSKEY_ALREADY_ENROLLED",
    "SCA_SESSION_REQUIRED",
    "BENEFICIARY_TRUSTED",
    "INVALID_STATE_TRANSITION",
    "CARD_ALREADY_CLOSED",
    "CARD_NOT_MUTABLE",
    "CONFLICT",
  ],
  410: ["CUSTOMER_DELETED"],
  423: ["ACCOUNT_LOCKED"],
  412: ["UNSUPPORTED_UMA_VERSION"],
  424: [
    "PAYREQ_REQUEST_FAILED",
    "COUNTERPARTY_PUBKEY_FETCH_ERROR",
    "NO_COMPATIBLE_UMA_VERSION",
    "LNURLP_REQUEST_FAILED",
    "EMAIL_OTP_CREDENTIAL_SYNC_FAILED",
  ],
  429: ["RATE_LIMITED", "DAILY_VOLUME_LIMIT_EXCEEDED"],
  500: ["GRID_SWITCH_ERROR", "INTERNAL_ERROR"],
  501: ["UNRECOGNIZED_MANDATORY_PAYEE_DATA_KEY", "NOT_IMPLEMENTED"],
  503: ["SERVICE_UNAVAILABLE"],
} as const satisfies Record<number, readonly string[]>;

export type GridErrorStatus = keyof typeof GRID_ERROR_CODES;

/** Grid's `ErrorNNN`: `{status, code, message, details?}` with the codes Grid lists for that status. */
export function gridError(status: GridErrorStatus) {
  return z.object({
    status: z.literal(status),
    code: z.enum(GRID_ERROR_CODES[status] as unknown as [string, ...string[]]),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  });
}

/** Grid's `FieldError` inside Error400 `details.errors[]`. */
const gridFieldError = z.object({ field: z.string(), message: z.string() });

export const gridError400 = gridError(400).extend({
  details: z
    .object({ errors: z.array(gridFieldError).optional() })
    .catchall(z.unknown())
    .optional(),
});

/** Grid's list pages: `{data, hasMore, nextCursor?, totalCount?}`. */
export function gridList<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    hasMore: z.boolean(),
    nextCursor: z.string().optional(),
    totalCount: z.number().int().optional(),
  });
}

export const isoDateTime = z.iso.datetime({ offset: true });
export const isoDate = z.iso.date();
