/**
 * Routes that share a path prefix and the guards in front of them (the rate limit, authentication, the
 * business check, a sandbox key's limits), each registered on one router with its full path and its guards
 * as the route's first handlers. A request is then matched once, in one router's list, instead of entering a
 * router mounted per resource: each mount rewrites `req.url`, parses it again, decodes its parameters and
 * wraps `next`, on every request (docs/decisions.md, "One router for the API").
 *
 * Every route refuses a body that could not be read (`jsonBody`) after its guards and before its handler:
 * a caller without credentials learns that first, and only a request that found its route learns about its
 * body.
 */
import type { RequestHandler, Router } from 'express';
import { refuseUnreadableBody } from './json-body';

type Register = (path: string, ...handlers: RequestHandler[]) => void;

export interface RouteGroup {
  get: Register;
  post: Register;
  patch: Register;
  put: Register;
  delete: Register;
  /** The routes under `prefix` (a path of this group's), behind this group's guards and then `guards`. */
  within(prefix: string, ...guards: RequestHandler[]): RouteGroup;
}

/** `/passes` under `/businesses/:business_id` is `/businesses/:business_id/passes`; `/` is the prefix itself. */
function joined(prefix: string, path: string): string {
  if (path === '/') return prefix === '' ? '/' : prefix;
  return `${prefix}${path}`;
}

function group(router: Pick<Router, 'route'>, prefix: string, guards: readonly RequestHandler[]): RouteGroup {
  const register =
    (method: 'get' | 'post' | 'patch' | 'put' | 'delete'): Register =>
    (path, ...handlers) => {
      router.route(joined(prefix, path))[method](...guards, refuseUnreadableBody, ...handlers);
    };
  return {
    get: register('get'),
    post: register('post'),
    patch: register('patch'),
    put: register('put'),
    delete: register('delete'),
    within: (inner, ...more) => group(router, joined(prefix, inner), [...guards, ...more]),
  };
}

/** The routes of `router` (an express app's own, or a router's), with no prefix and no guards yet. */
export function routeGroup(router: Pick<Router, 'route'>): RouteGroup {
  return group(router, '', []);
}
