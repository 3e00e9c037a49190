/**
 * Reads JSON request bodies. A body that cannot be read (corrupt or truncated compression, an unsupported
 * encoding or charset, bytes that are not UTF-8, malformed JSON, too large, cut off, a number that would be
 * read as another) becomes the standard error body, but only on a route that exists: the refusal waits
 * until a route matches, so an unknown route is still 404 whatever its body.
 */
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ApiError } from './api-error';
import { inexactNumbers } from './inexact-numbers';

const unreadableBodies = new WeakMap<IncomingMessage, ApiError>();

interface BodyReadError {
  type?: unknown;
  status?: unknown;
}

/** Every error body-parser and raw-body raise, by `type`; what has no type (a zlib error) is a broken encoding. */
function bodyReadRefusal(error: unknown, limitBytes: number): ApiError {
  const { type, status } = (typeof error === 'object' && error !== null ? error : {}) as BodyReadError;
  switch (type) {
    case 'entity.parse.failed':
      return new ApiError('bad_request', 'Request body is not valid JSON');
    case 'entity.too.large':
      return new ApiError('payload_too_large', `Request body is larger than ${sizeInWords(limitBytes)}`);
    case 'charset.unsupported':
      return new ApiError('unsupported_media_type', 'Send the request body as UTF-8 JSON');
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
      return new ApiError('internal_error', 'Unexpected server error');
  }
}

/** Our own error `type` beside body-parser's, for bytes that are not UTF-8. */
const NOT_UTF8 = 'entity.not.utf8';

/** body-parser copies properties onto what `verify` throws, so it gets a plain error, not an ApiError. */
class BodyRefused extends Error {
  constructor(readonly type: string) {
    super(type);
  }
}

/**
 * JSON is UTF-8 (RFC 8259): another charset is 415, and bytes that are not UTF-8 are refused rather
 * than silently replaced. Runs in body-parser's `verify`, on the decompressed bytes before decoding.
 */
function requireUtf8(request: IncomingMessage, body: Buffer): void {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') throw new BodyRefused('charset.unsupported');
  if (!isUtf8(body)) throw new BodyRefused(NOT_UTF8);
}

function sizeInWords(bytes: number): string {
  return bytes % 1_048_576 === 0 ? `${bytes / 1_048_576} MiB` : `${bytes / 1024} KiB`;
}

/** The bytes of each parsed body, for the scan of its numbers once they have parsed as JSON. */
const bodyBytes = new WeakMap<IncomingMessage, Buffer>();

/** A number no double holds as written would be read as another: refused, as every body that fails its schema. */
function inexactNumbersRefusal(body: Buffer): ApiError | null {
  const paths = inexactNumbers(body.toString());
  if (paths.length === 0) return null;
  const message = 'must be a number a 64-bit float holds as written (at most 15 significant digits)';
  return new ApiError('validation_error', 'Request body failed validation', paths.map((path) => ({ path, message })));
}

interface JsonBodyOptions {
  limitBytes: number;
  /** Sees the raw bytes of every readable body (the idempotency fingerprint). */
  afterRead?: (request: IncomingMessage, body: Buffer) => void;
}

/** Parses a JSON body; a route refuses it with `refuseUnreadableBody` when it could not be read. */
export function jsonBody({ limitBytes, afterRead }: JsonBodyOptions): RequestHandler {
  const parse = express.json({
    limit: limitBytes,
    verify: (request, _response, body) => {
      requireUtf8(request, body);
      bodyBytes.set(request, body);
      afterRead?.(request, body);
    },
  });
  return (request: Request, response: Response, next: NextFunction) => {
    // Without Transfer-Encoding or Content-Length a request has no body (RFC 9112 §6.3): nearly every GET, and
    // the pass actions, which take theirs in the query. body-parser would find the same after its own checks.
    if (request.headers['transfer-encoding'] === undefined && request.headers['content-length'] === undefined) return next();
    parse(request, response, (error?: unknown) => {
      if (error) {
        const refusal = bodyReadRefusal(error, limitBytes);
        if (refusal.code === 'internal_error') return next(error);
        unreadableBodies.set(request, refusal);
        return next();
      }
      const body = bodyBytes.get(request);
      // Read once: a weak map's young value would outlive the next minor collection, request or not.
      bodyBytes.delete(request);
      const refusal = body === undefined ? null : inexactNumbersRefusal(body);
      if (refusal !== null) unreadableBodies.set(request, refusal);
      next();
    });
  };
}

export function hasUnreadableBody(request: IncomingMessage): boolean {
  return unreadableBodies.has(request);
}

/** Refuses, with its precise error, a body `jsonBody` could not read: the first handler of every API route (`RouteGroup`). */
export const refuseUnreadableBody: RequestHandler = (request, _response, next) => {
  const refusal = unreadableBodies.get(request);
  if (refusal) throw refusal;
  next();
};
