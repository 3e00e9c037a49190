/**
 * The routes an express application has registered, read from its router stack (express 5, router 2.x):
 * each route's method and full path, with the paths of the routers it is mounted under.
 */
export interface RegisteredRoute {
  method: string;
  /** As express spells it: `/api/v1/businesses/:business_id/passes`, `/dashboard/{*screen}`. */
  path: string;
}

interface Layer {
  rawPath?: string | string[];
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

const pathsOf = (path: string | string[] | undefined) => (path === undefined ? ['/'] : Array.isArray(path) ? path : [path]);
const join = (prefix: string, path: string) => (path === '/' ? prefix : `${prefix}${path}`);

function walk(stack: readonly Layer[], prefix: string): RegisteredRoute[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const { route } = layer;
      // `_all` is a handler every method passes through (an API router's guard), not a route of its own.
      const methods = Object.keys(route.methods).filter((method) => route.methods[method] && method !== '_all');
      return pathsOf(route.path).flatMap((path) => methods.map((method) => ({ method, path: join(prefix, path) || '/' })));
    }
    const nested = layer.handle?.stack;
    return nested ? pathsOf(layer.rawPath).flatMap((path) => walk(nested, join(prefix, path))) : [];
  });
}

export function registeredRoutes(app: unknown): RegisteredRoute[] {
  const router = (app as { router?: { stack: Layer[] } }).router;
  if (!router) throw new Error('not an express 5 application');
  return walk(router.stack, '');
}

/** A regular expression that matches the concrete paths the express path matches. */
export function routePattern(path: string): RegExp {
  const source = path
    .split(/(:[A-Za-z_]\w*|\{\*\w+\})/)
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.startsWith('{*') ? '.+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}/?$`);
}
