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
import { bodyReadRefusal, NOT_UTF8 } from './body-read-refusal';
import { inexactNumbers } from './inexact-numbers';

const unreadableBodies = new WeakMap<IncomingMessage, ApiError>();

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
    // Any JSON text (RFC 8259), `null` and `5` too: one that is not the route's object fails its schema (422).
    strict: false,
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
        if (refusal === null) return next(error);
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
