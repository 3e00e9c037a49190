/**
 * The OpenAPI document covers every route of the JSON API: a route registered in the express app that no
 * operation describes fails here, and so does an operation that no route serves. Pages for people and
 * Apple's PassKit protocol are outside the document, each for the reason given.
 */
import { API_OPERATIONS } from '@passes/contracts';
import { patternMatches, registeredRoutes } from './http/route-patterns';
import { startWalletTestBed, type WalletTestBed } from './testing/wallet-server';

/** Route prefixes the document leaves out, and why. */
const OUTSIDE_THE_DOCUMENT: ReadonlyArray<[prefix: string, reason: string]> = [
  ['/validate/', 'an HTML page a phone opens from a barcode'],
  ['/customer', 'the HTML page of a customer link'],
  ['/passes/', 'the download page and the wallet files and redirects it links to'],
  ['/wallet/google/', "a logo Google Wallet fetches"],
  ['/wallet/apple/', "Apple's PassKit web service protocol, which Apple defines"],
  ['/dashboard', 'the dashboard single-page app: static files'],
  ['/docs', 'the HTML reference page rendered from this document'],
  ['/join/', "a template's join page, an HTML form a customer opens from a poster"],
  ['/template-images/', 'the files of template images, which wallets and the dashboard fetch by address'],
  ['/automation-emails/', 'the HTML page of the unsubscribe link in automation emails, and its forms'],
];

/** A route's method and full path, as the document names methods (lower case). */
interface Route {
  method: string;
  path: string;
}

const isOutside = (route: Route) => OUTSIDE_THE_DOCUMENT.some(([prefix]) => route.path.startsWith(prefix));

/** A concrete path the operation's template stands for: each `{parameter}` filled with a sample segment. */
const samplePath = (template: string) => template.replace(/\{[^}]+\}/g, 'sample');

describe('The OpenAPI document and the route table', () => {
  let bed: WalletTestBed;
  let routes: Route[];

  beforeAll(async () => {
    // Both wallets configured, so the routes that exist only then are in the table too.
    bed = await startWalletTestBed();
    // `*` is a handler every method passes through (an API router's guard) and HEAD is express's own for
    // each GET: neither is an operation.
    routes = registeredRoutes(bed.server.requestHandler).flatMap(({ pattern, methods }) =>
      methods.filter((method) => method !== '*' && method !== 'HEAD').map((method) => ({ method: method.toLowerCase(), path: pattern })),
    );
  });
  afterAll(() => bed.stop());

  it('reads a route table that holds the API, the pages and Apple’s web service', () => {
    const paths = routes.map((route) => route.path);
    expect(paths).toEqual(expect.arrayContaining(['/healthz', '/api/v1/auth/login', '/api/v1/businesses/:business_id/passes/:identifier/:action', '/docs']));
    expect(paths.some((path) => path.startsWith('/wallet/apple/v1/devices/'))).toBe(true);
  });

  it('describes every route of the JSON API with an operation of the same method', () => {
    const undocumented = routes
      .filter((route) => !isOutside(route))
      .filter((route) => !API_OPERATIONS.some((operation) => operation.method === route.method && patternMatches(route.path, samplePath(operation.path))))
      .map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect(undocumented).toEqual([]);
  });

  it('serves every operation it describes', () => {
    const unserved = API_OPERATIONS.filter((operation) => !routes.some((route) => route.method === operation.method && patternMatches(route.path, samplePath(operation.path)))).map(
      (operation) => `${operation.method.toUpperCase()} ${operation.path}`,
    );
    expect(unserved).toEqual([]);
  });

  it('names each operation once', () => {
    const ids = API_OPERATIONS.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
