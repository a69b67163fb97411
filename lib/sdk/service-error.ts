import type { ErrorBody } from "./types";

/** Any error answer of the service, carrying its error object. */
export class ServiceError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: ErrorBody;
  /** Seconds from `Retry-After` (429). */
  readonly retryAfterSeconds?: number;

  constructor(body: ErrorBody, retryAfterSeconds?: number) {
    super(`${body.status} ${body.code}: ${body.message}`);
    this.name = "ServiceError";
    this.status = body.status;
    this.code = body.code;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** `details.reason`, when the service named the failed check. */
  get reason(): string | undefined {
    const r = this.body.details?.reason;
    return typeof r === "string" ? r : undefined;
  }
}
