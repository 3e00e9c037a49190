/** The last middleware: anything thrown becomes the standard error body; nothing reaches the client as a stack. */
import { DomainError } from '@passes/domain';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ApiError } from './api-error';
import { requestInLog } from './correlation-id';
import { logStoreFailure, storeFailureAnswer, storeFailureOf, type StoreFailure } from './store-failure';
import type { Logger } from '@passes/runtime';

function toApiError(error: unknown, storeFailure: StoreFailure | null): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return ApiError.from(error);
  if (storeFailure !== null) return storeFailureAnswer(storeFailure);
  // The router decodes path parameters; a malformed percent-escape (`%E0%A4%A`) is the caller's mistake.
  if (error instanceof URIError) return new ApiError('bad_request', 'The path contains a malformed percent-encoding');
  return null;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, request, response, _next) => {
    const storeFailure = storeFailureOf(error);
    const apiError = toApiError(error, storeFailure) ?? new ApiError('internal_error', 'Unexpected server error');
    if (apiError.code === 'internal_error') logger.error('request failed', { ...requestInLog(request, response), error });
    else if (storeFailure !== null) logStoreFailure(logger, storeFailure, 'request failed', requestInLog(request, response));
    if (response.headersSent) return;
    response.status(apiError.status).set(apiError.headers).json(apiError.body);
  };
}

export const notFound: RequestHandler = (request) => {
  throw new ApiError('not_found', `No route for ${request.method} ${request.path}`);
};
