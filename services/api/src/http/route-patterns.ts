/**
 * Which route pattern a request is for (`/api/v1/businesses/:business_id/passes/:identifier/stamp`),
 * found with express's own matcher in the table of every registered route, for logs and metrics that
 * must not hold ids, and whose labels must stay few. The table is read from the app once it is complete.
 */
import type { Express } from 'express';
import { match } from 'path-to-regexp';
import { z } from 'zod';

/** A request no route answers: unknown paths, and static files under a mount. */
const UNMATCHED_ROUTE = 'unmatched';

interface RoutePattern {
  pattern: string;
  /** Null: any method (a mount's fallback, or `.all()`). */
  methods: ReadonlySet<string> | null;
  matches: (path: string) => boolean;
}

/** What `router.listRoutes()` (router 2.3, under express 5.3) answers for each registered path. */
const listedRoute = z.object({ path: z.union([z.string(), z.instanceof(RegExp)]), methods: z.array(z.string()).optional(), router: z.unknown() });

function listRoutesOf(router: unknown): z.infer<typeof listedRoute>[] {
  if (typeof router !== 'function' && (typeof router !== 'object' || router === null)) return [];
  if (!('listRoutes' in router) || typeof router.listRoutes !== 'function') return [];
  return z.array(listedRoute).parse(router.listRoutes());
}

function joined(prefix: string, path: string): string {
  return `${prefix}${path}`.replace(/\/{2,}/g, '/').replace(/\/+$/, '') || '/';
}

function matcher(pattern: string, end: boolean): (path: string) => boolean {
  const test = match(pattern, { decode: false, end });
  return (path) => test(path) !== false;
}

/** A route as registered: its full pattern and the methods `listRoutes` names for it (`*` for `.all()`). */
interface RegisteredRoute {
  pattern: string;
  methods: readonly string[];
}

interface Listing {
  routes: RegisteredRoute[];
  /** The patterns of routers mounted under a path of their own, which answer what no route does (a 404, a static file). */
  mounts: string[];
}

function collect(router: unknown, prefix: string, into: Listing): void {
  for (const route of listRoutesOf(router)) {
    if (typeof route.path !== 'string') continue;
    const pattern = joined(prefix, route.path);
    if (route.methods === undefined) {
      collect(route.router, pattern, into);
      if (route.path !== '/') into.mounts.push(pattern);
    } else {
      into.routes.push({ pattern, methods: route.methods.map((method) => method.toUpperCase()) });
    }
  }
}

/** An express application's routes and mounts; anything else has none. */
function listingOf(app: unknown): Listing {
  const listing: Listing = { routes: [], mounts: [] };
  if (typeof app === 'function' && 'router' in app) collect(app.router, '', listing);
  return listing;
}

/** Every route the app has registered, in express's order, read with express's own `listRoutes`. */
export function registeredRoutes(app: unknown): RegisteredRoute[] {
  return listingOf(app).routes;
}

/** Whether a concrete path is one that an express pattern stands for, by express's own matcher. */
export function patternMatches(pattern: string, path: string): boolean {
  return matcher(pattern, true)(path);
}

function tableOf(app: Express): RoutePattern[] {
  const listing = listingOf(app);
  const routes = listing.routes.map(({ pattern, methods }) => ({ pattern, methods: methods.includes('*') ? null : new Set(methods), matches: matcher(pattern, true) }));
  const mounts = listing.mounts.map((pattern) => ({ pattern: `${pattern}/*`, methods: null, matches: matcher(pattern, false) }));
  // Routes first, in express's order; then the deepest mount that holds the path.
  return [...routes, ...mounts.sort((a, b) => b.pattern.length - a.pattern.length)];
}

/** A function from a request's method and path (without the query) to its route pattern. */
export function routePatternsOf(app: Express): (method: string, path: string) => string {
  let table: RoutePattern[] | null = null;
  return (method, path) => {
    table ??= tableOf(app);
    const found = table.find((route) => (route.methods === null || route.methods.has(method)) && route.matches(path));
    return found?.pattern ?? UNMATCHED_ROUTE;
  };
}
