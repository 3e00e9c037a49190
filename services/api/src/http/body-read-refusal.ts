/**
 * What a body body-parser could not read tells the caller: 400, 413 or 415 with the standard error body,
 * whichever reader (JSON, a page's form, Stripe's raw bytes) met it. Never a 500: the bytes are the caller's.
 */
import type { RequestHandler } from 'express';
import { ApiError } from './api-error';

interface BodyReadError {
  type?: unknown;
  status?: unknown;
}

/** Our own error `type` beside body-parser's, for bytes that are not UTF-8. */
export const NOT_UTF8 = 'entity.not.utf8';

/**
 * Every error body-parser and raw-body raise, by `type`; what has no type (a zlib error) is a broken
 * encoding; null for what is not a reading error at all.
 */
export function bodyReadRefusal(error: unknown, limitBytes: number): ApiError | null {
  const { type, status } = (typeof error === 'object' && error !== null ? error : {}) as BodyReadError;
  switch (type) {
    case 'entity.parse.failed':
      return new ApiError('bad_request', 'Request body is not valid JSON');
    case 'entity.too.large':
    case 'parameters.too.many':
      return new ApiError('payload_too_large', `Request body is larger than ${sizeInWords(limitBytes)}`);
    case 'charset.unsupported':
      return new ApiError('unsupported_media_type', 'Send the request body as UTF-8');
    case NOT_UTF8:
      return new ApiError('bad_request', 'Request body is not valid UTF-8');
    case 'encoding.unsupported':
      return new ApiError('unsupported_media_type', 'Content-Encoding must be gzip, deflate, br or identity');
    case 'request.aborted':
      return new ApiError('bad_request', 'The request body ended before its announced length');
    case 'request.size.invalid':
      return new ApiError('bad_request', 'The request body does not match its Content-Length');
    default:
      // What remains with a client status is the decompression stream's own error: not the encoding it claims.
      if (typeof status === 'number' && status >= 400 && status < 500) {
        return new ApiError('bad_request', 'Request body is not valid for its Content-Encoding');
      }
      return null;
  }
}

function sizeInWords(bytes: number): string {
  return bytes % 1_048_576 === 0 ? `${bytes / 1_048_576} MiB` : `${bytes / 1024} KiB`;
}

/** A body-parser reader (`express.urlencoded`, `express.raw`) whose refusals are the caller's errors. */
export function readBody(reader: RequestHandler, limitBytes: number): RequestHandler {
  return (request, response, next) => {
    reader(request, response, (error?: unknown) => {
      if (error === undefined || error === null) return next();
      next(bodyReadRefusal(error, limitBytes) ?? error);
    });
  };
}
