/** Every request gets a correlation id (the caller's X-Request-Id when sane), echoed back and recorded in events. */
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';

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

/** Which request a log line is about: its id, method and route, never its body or its caller. */
export function requestInLog(request: Request, response: Response): { request_id: string; method: string; route: string | null } {
  return { request_id: correlationIdOf(response), method: request.method, route: request.route?.path ?? null };
}
