/** Every request gets a correlation id (the caller's X-Request-Id when sane), echoed back and recorded in events. */
import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const assignCorrelationId: RequestHandler = (request, response, next) => {
  const given = request.header('x-request-id');
  const id = given !== undefined && SANE_REQUEST_ID.test(given) ? given : randomUUID();
  response.locals['correlationId'] = id;
  response.setHeader('X-Request-Id', id);
  next();
};

export function correlationIdOf(response: Response): string {
  const id: unknown = response.locals['correlationId'];
  return typeof id === 'string' ? id : randomUUID();
}
