/**
 * Errors are values with a code; this file is the one place that maps codes to HTTP statuses and
 * writes the standard error body `{error: {code, message, status, details?}}`.
 */
import { DomainError, PlanRefusal, type DomainErrorCode } from '@passes/domain';

type ApiErrorCode =
  | DomainErrorCode
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'idempotency_mismatch'
  | 'rate_limited'
  | 'internal_error'
  | 'service_unavailable';

export interface ErrorDetail {
  path: string;
  message: string;
}

const STATUS_BY_CODE: Record<ApiErrorCode, number> = {
  bad_request: 400,
  insufficient_points: 400,
  insufficient_funds: 400,
  unauthorized: 401,
  pro_feature: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  invalid_state: 409,
  no_balance: 409,
  pass_voided: 409,
  charges_disabled: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_error: 422,
  idempotency_mismatch: 422,
  scan_cooldown: 429,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  payments_unavailable: 503,
};

export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: readonly ErrorDetail[],
    readonly headers: Readonly<Record<string, string>> = {},
    /** What a plan refused; the spec gives that 402 its own flat body. */
    readonly refusal?: { feature: string; plan: string },
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = STATUS_BY_CODE[code];
  }

  get body() {
    if (this.refusal) return { error: 'pro_feature', feature: this.refusal.feature, plan: this.refusal.plan, message: this.message };
    return { error: { code: this.code, message: this.message, status: this.status, ...(this.details ? { details: this.details } : {}) } };
  }

  static from(error: DomainError): ApiError {
    if (error instanceof PlanRefusal) return new ApiError('pro_feature', error.message, undefined, {}, { feature: error.feature, plan: error.plan });
    const headers: Record<string, string> = {};
    const retryAfter = error.details['retry_after_seconds'];
    if (typeof retryAfter === 'number') headers['Retry-After'] = String(retryAfter);
    const details = error.code === 'validation_error' ? validationDetails(error) : undefined;
    return new ApiError(error.code, error.message, details, headers);
  }
}

function validationDetails(error: DomainError): ErrorDetail[] {
  const issues = error.details['issues'];
  return Array.isArray(issues) ? (issues as ErrorDetail[]) : [{ path: '', message: error.message }];
}
