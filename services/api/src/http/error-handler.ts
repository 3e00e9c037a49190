/** The last middleware: anything thrown becomes the standard error body; nothing reaches the client as a stack. */
import { DomainError } from '@passes/domain';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ApiError } from './api-error';
import type { Logger } from '../logger';

interface BodyParserError {
  type: string;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  return typeof error === 'object' && error !== null && typeof (error as Partial<BodyParserError>).type === 'string';
}

function toApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return ApiError.from(error);
  // The router decodes path parameters; a malformed percent-escape (`%E0%A4%A`) is the caller's mistake.
  if (error instanceof URIError) return new ApiError('bad_request', 'The path contains a malformed percent-encoding');
  if (isBodyParserError(error)) {
    if (error.type === 'entity.parse.failed') return new ApiError('bad_request', 'Request body is not valid JSON');
    if (error.type === 'entity.too.large') return new ApiError('payload_too_large', 'Request body is larger than 1 MiB');
    if (error.type === 'charset.unsupported' || error.type === 'encoding.unsupported') {
      return new ApiError('unsupported_media_type', 'Send the request body as UTF-8 JSON');
    }
  }
  return null;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, request, response, _next) => {
    const apiError = toApiError(error) ?? new ApiError('internal_error', 'Unexpected server error');
    if (apiError.code === 'internal_error') {
      logger.error('request failed', { method: request.method, route: request.route?.path ?? null, error });
    }
    if (response.headersSent) return;
    response.status(apiError.status).set(apiError.headers).json(apiError.body);
  };
}

export const notFound: RequestHandler = (request) => {
  throw new ApiError('not_found', `No route for ${request.method} ${request.path}`);
};
