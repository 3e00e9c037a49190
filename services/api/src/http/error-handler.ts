/** The last middleware: anything thrown becomes the standard error body; nothing reaches the client as a stack. */
import { DomainError } from '@passes/domain';
import { StoreUnavailableError } from '@passes/storage';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ApiError } from './api-error';
import { correlationIdOf } from './correlation-id';
import type { Logger } from '@passes/runtime';

/** A store that is down is worth a retry in a few seconds; the process reconnects by itself. */
const RETRY_AFTER_UNAVAILABLE_SECONDS = '5';

function toApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return ApiError.from(error);
  if (error instanceof StoreUnavailableError) {
    return new ApiError('service_unavailable', 'The service cannot reach its storage right now; retry shortly', undefined, { 'Retry-After': RETRY_AFTER_UNAVAILABLE_SECONDS });
  }
  // The router decodes path parameters; a malformed percent-escape (`%E0%A4%A`) is the caller's mistake.
  if (error instanceof URIError) return new ApiError('bad_request', 'The path contains a malformed percent-encoding');
  return null;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, request, response, _next) => {
    const apiError = toApiError(error) ?? new ApiError('internal_error', 'Unexpected server error');
    if (apiError.code === 'internal_error') {
      logger.error('request failed', { request_id: correlationIdOf(response), method: request.method, route: request.route?.path ?? null, error });
    } else if (apiError.code === 'service_unavailable') {
      logger.warn('request failed: a store is unavailable', { request_id: correlationIdOf(response), method: request.method, route: request.route?.path ?? null, store: error instanceof StoreUnavailableError ? error.store : null });
    }
    if (response.headersSent) return;
    response.status(apiError.status).set(apiError.headers).json(apiError.body);
  };
}

export const notFound: RequestHandler = (request) => {
  throw new ApiError('not_found', `No route for ${request.method} ${request.path}`);
};
