/**
 * One log line and one metrics sample per request, once its response is over (or its connection gone):
 * method, route pattern, status, duration and request id, nothing from the request's contents. What else
 * the HTTP layer logs about a request names its request id too (`correlationIdOf`): passed, not carried by
 * AsyncLocalStorage, whose async hooks run for every promise of every request on Node 20.
 */
import type { Logger, Metrics } from '@passes/runtime';
import type { RequestHandler } from 'express';
import { correlationIdOf } from './correlation-id';

interface RequestLogDependencies {
  logger: Logger;
  metrics: Metrics;
  routeOf: (method: string, path: string) => string;
}

export function requestLog({ logger, metrics, routeOf }: RequestLogDependencies): RequestHandler {
  return (request, response, next) => {
    const started = process.hrtime.bigint();
    const requestId = correlationIdOf(response);
    response.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const { method } = request;
      const route = routeOf(method, request.originalUrl.split('?')[0] ?? '/');
      const status = response.statusCode;
      const aborted = response.writableFinished ? {} : { aborted: true };
      logger.info('request', { request_id: requestId, method, route, status, duration_ms: Math.round(seconds * 1e6) / 1e3, ...aborted });
      metrics.requestServed({ method, route, status, seconds });
    });
    next();
  };
}
